import { Inject, Injectable } from '@nestjs/common';
import type { AccountRole } from '@tocsin/domain';
import { apiKeysView, membershipsView, type ApiKeyDoc } from '@tocsin/read-models';
import type { NextFunction, Request, Response } from 'express';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import type { Identity } from '../sessions/identity.types';
import { API_KEY_PREFIX } from '@tocsin/contracts';
import { bearerOf, sameHash } from '@tocsin/platform';
import { API_KEY_SECRET, apiKeySecretHash } from './api-key-secret';
import { ApiKeyUses } from './api-key-uses';

export const API_KEY_REFUSED = {
  error: 'unauthorized',
  message: 'This API key is not valid: it is unknown, revoked or expired, or its owner left the organization.',
};

declare module 'express-serve-static-core' {
  interface Request {
    /** An `Authorization: Bearer` header that named no usable key: the guard answers 401 on any non-public route. */
    apiKeyRefused?: boolean;
  }
}

/**
 * Resolves `Authorization: Bearer <key>` to an identity: the key's owner, their role now (a demoted owner's key
 * loses power, a removed owner's key stops), and the key's scopes. Read from the read model on every request, no
 * cache: a revocation counts on every process once projected (milliseconds). A bearer header wins over a cookie.
 */
@Injectable()
export class ApiKeyIdentities {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly uses: ApiKeyUses,
  ) {}

  async identityOf(secret: string): Promise<{ identity: Identity; key: ApiKeyDoc } | null> {
    if (!API_KEY_SECRET.test(secret)) return null;
    const hash = apiKeySecretHash(secret);
    const now = this.clock.now();
    const current = await apiKeysView.bySecretHash(this.store, hash);
    const previous = current ? null : await apiKeysView.byPreviousSecretHash(this.store, hash);
    const key = current ?? previous;
    if (!key || key.revokedAt !== null) return null;
    if (current && !sameHash(key.secretHash, hash)) return null;
    if (previous && !(sameHash(key.previousSecretHash, hash) && Date.parse(key.previousValidUntil ?? '') > now))
      return null;
    if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return null;
    const membership = await membershipsView.of(this.store, key.orgId, key.ownerId);
    // a removed owner's keys stop for good: joining again later (a new membership) does not bring them back
    if (!membership || Date.parse(membership.joinedAt) > Date.parse(key.created_at)) return null;
    const identity: Identity = {
      sessionKey: '',
      userId: key.ownerId,
      orgId: key.orgId,
      role: membership.role as AccountRole,
      staff: false,
      apiKey: { id: key._id, scopes: key.scopes, teamId: key.teamId },
    };
    return { identity, key };
  }

  middleware() {
    return (request: Request, _response: Response, next: NextFunction) => {
      const header = request.headers.authorization;
      const secret = bearerOf(header);
      // a key in a header of the wrong shape (two tokens, a tab) is a bad key, never a reason to fall back on a cookie
      const garbled = secret === undefined && /^bearer\b/i.test(header ?? '') && header!.includes(API_KEY_PREFIX);
      if (!garbled && !secret?.startsWith(API_KEY_PREFIX)) return next();
      // a key and a cookie together: the key decides, alone
      delete request.identity;
      this.identityOf(secret ?? '')
        .then((found) => {
          if (!found) request.apiKeyRefused = true;
          else {
            request.identity = found.identity;
            this.uses.record(found.key, request.ip ?? null);
          }
          next();
        })
        .catch(next);
    };
  }
}
