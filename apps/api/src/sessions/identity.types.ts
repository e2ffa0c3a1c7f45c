import type { AccountRole, Permission } from '@tocsin/domain';

/** An API key calling (issue 22): it acts for its owner, within its scopes and its owner's current role. */
export interface ApiKeyPrincipal {
  id: string;
  scopes: readonly Permission[];
  teamId: string | null;
}

/**
 * Who is calling, resolved from the session cookie by the session middleware, or from an `Authorization: Bearer`
 * API key by the key middleware (then `sessionKey` is '', `userId` the key's owner and `role` the owner's role now).
 */
export interface Identity {
  sessionKey: string;
  userId: string;
  orgId: string;
  role: AccountRole;
  staff: boolean;
  apiKey?: ApiKeyPrincipal;
}

/** Whose `Idempotency-Key`s these are: a person's own, or one key's (two keys of one owner never share one). */
export const idempotencyPrincipalOf = (identity: Identity) =>
  identity.apiKey ? `${identity.userId}/key:${identity.apiKey.id}` : identity.userId;

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
  }
}
