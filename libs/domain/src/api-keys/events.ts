import type { Permission } from '../access/permissions';

/** What an owner chose for a key when it was made; none of it changes afterwards (a new key is made instead). */
export interface ApiKeySettings {
  name: string;
  /** Permission slugs, a subset of the owner's role when made and again at each use. */
  scopes: Permission[];
  /** Restricted to one team's resources, or null. */
  teamId: string | null;
  /** ISO-8601 instant after which the key is refused, or null. */
  expiresAt: string | null;
}

/**
 * A key for machines (issue 22, "API keys"). `secretHash` is the SHA-256 of the secret (shown once, never stored),
 * `secretHint` its last four characters; `ownerId` is the person who made it, whose role bounds it.
 */
export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: {
    keyId: string;
    orgId: string;
    ownerId: string;
    secretHash: string;
    secretHint: string;
    at: string;
  } & ApiKeySettings;
};
/** A new secret; the one it replaces keeps working until `previousValidUntil` (the overlap), then never again. */
export type ApiKeyRotated = {
  type: 'ApiKeyRotated';
  data: {
    keyId: string;
    secretHash: string;
    secretHint: string;
    previousSecretHash: string;
    previousValidUntil: string;
    at: string;
  };
};
/** Refused from now on, both secrets. */
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { keyId: string; at: string } };
/** A use, recorded at most once per `API_KEY_USE_RESOLUTION_MS` (never an event per request). */
export type ApiKeyUsed = { type: 'ApiKeyUsed'; data: { keyId: string; at: string; address: string | null } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRotated | ApiKeyRevoked | ApiKeyUsed;

export const apiKeyStream = (keyId: string) => `apiKey-${keyId}`;
