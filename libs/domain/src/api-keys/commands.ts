import type { Permission } from '../access/permissions';

/**
 * `orgId` is the caller's organization and `ownerId` the caller (from the session); `ownerPermissions` what their
 * role holds now and `teamFound` whether the team is the organization's (the handler looks, the decider rules).
 * The secret is made by the api (random), never by the client.
 */
export type CreateApiKey = {
  type: 'CreateApiKey';
  keyId: string;
  orgId: string;
  ownerId: string;
  ownerPermissions: readonly Permission[];
  name: string;
  scopes: readonly string[];
  teamId: string | null;
  teamFound: boolean;
  expiresAt: string | null;
  secretHash: string;
  secretHint: string;
  at: string;
};
export type RotateApiKey = {
  type: 'RotateApiKey';
  keyId: string;
  orgId: string;
  /** Who asks (from the session): only the key's owner, since the new secret acts as them. */
  byUserId: string;
  secretHash: string;
  secretHint: string;
  /** When the current secret stops working: `at` (no overlap) up to `API_KEY_MAX_OVERLAP_MS` later. */
  previousValidUntil: string;
  at: string;
};
export type RevokeApiKey = { type: 'RevokeApiKey'; keyId: string; orgId: string; at: string };
export type RecordApiKeyUse = {
  type: 'RecordApiKeyUse';
  keyId: string;
  orgId: string;
  at: string;
  address: string | null;
};

export type ApiKeyCommand = CreateApiKey | RotateApiKey | RevokeApiKey | RecordApiKeyUse;
