import { SESSION_COOKIE } from '@tocsin/contracts';
import type { AccountRole } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { Identity } from './identity.types';
import { sessionKeyOf } from './secrets';

/**
 * Resolves a session cookie to an identity: the session must be active, unexpired, and its user still a
 * member. A staff session (an operator listed in ADMIN_EMAILS, started by POST /api/v1/staff_sessions)
 * needs no membership: it acts with the owner role, marked `staff` so the app shows it.
 */
export async function identityOf(store: ReadStore, cookieHeader: string | undefined, now: number): Promise<Identity | null> {
  const secret = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
  if (!secret) return null;
  const sessionKey = sessionKeyOf(secret);
  const session = await store.findOne('sessions', { _id: sessionKey });
  if (!session || Date.parse(String(session.expiresAt)) <= now) return null;
  const base = { sessionKey, userId: String(session.userId), orgId: String(session.orgId) };
  if (session.staff === true) return { ...base, role: 'owner', staff: true };
  const membership = await store.findOne('memberships', { _id: `${base.orgId}:${base.userId}` });
  if (!membership) return null;
  return { ...base, role: membership.role as AccountRole, staff: false };
}

export function sessionMiddleware(store: ReadStore, now: () => number) {
  return (request: Request, _response: Response, next: NextFunction) => {
    identityOf(store, request.headers.cookie, now())
      .then((identity) => {
        if (identity) request.identity = identity;
        next();
      })
      .catch(next);
  };
}

export const identityOfSocket = (store: ReadStore, request: IncomingMessage, now: number) => identityOf(store, request.headers.cookie, now);
