import { SESSION_COOKIE } from '@tocsin/contracts';
import type { AccountRole } from '@tocsin/domain';
import type { ReadStore, SessionStore } from '@tocsin/platform';
import { membershipsView } from '@tocsin/read-models';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { Identity } from './identity.types';
import { sessionKeyOf } from './secrets';

/**
 * Resolves a session cookie to an identity: the session store must hold it unexpired, and its user must
 * still be a member. A staff session (an operator listed in ADMIN_EMAILS, started by POST
 * /api/v1/staff_sessions) needs no membership: it acts with the owner role, marked `staff` so the app shows it.
 */
export async function identityOf(
  sessions: SessionStore,
  store: ReadStore,
  cookieHeader: string | undefined,
): Promise<Identity | null> {
  const secret = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
  if (!secret) return null;
  return identityOfSessionKey(sessions, store, sessionKeyOf(secret));
}

/** The same check for a session already known by its key (a socket re-checking its session). */
export async function identityOfSessionKey(
  sessions: SessionStore,
  store: ReadStore,
  sessionKey: string,
): Promise<Identity | null> {
  const session = await sessions.find(sessionKey);
  if (!session) return null;
  const base = { sessionKey, userId: session.userId, orgId: session.orgId };
  if (session.staff) return { ...base, role: 'owner', staff: true };
  const membership = await membershipsView.of(store, base.orgId, base.userId);
  if (!membership) return null;
  return { ...base, role: membership.role as AccountRole, staff: false };
}

export function sessionMiddleware(sessions: SessionStore, store: ReadStore) {
  return (request: Request, _response: Response, next: NextFunction) => {
    identityOf(sessions, store, request.headers.cookie)
      .then((identity) => {
        if (identity) request.identity = identity;
        next();
      })
      .catch(next);
  };
}

export const identityOfSocket = (sessions: SessionStore, store: ReadStore, request: IncomingMessage) =>
  identityOf(sessions, store, request.headers.cookie);
