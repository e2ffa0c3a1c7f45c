import { Inject, Injectable } from '@nestjs/common';
import { isViewName, Rooms, ViewNames } from '@tocsin/contracts';
import { checkRole, type Role } from '@tocsin/domain';
import type { SessionStore } from '@tocsin/platform';
import type { IncomingMessage } from 'node:http';
import type { Identity } from '../sessions/identity.types';
import { SESSION_STORE } from '../sessions/session-registry';
import { identityOfSessionKey, identityOfSocket } from '../sessions/session.middleware';
import { featureFlagsOf } from '../organization-admin/organization-feature-flags';
import { isOperator } from '../organization-admin/operators';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../runtime/ports';

/** Who a socket belongs to, decided at the handshake (and again at every reconnect). */
export interface SocketIdentity {
  /** The session it was opened under (SHA-256 of the cookie's secret): its end disconnects the socket. */
  sessionKey: string;
  userId: string;
  /** The organization whose room the socket joins. */
  orgId: string;
  /** ISO-8601: the session's end; the socket is re-checked then. */
  expiresAt: string;
}

/** The handshake hook and the room rules. */
export interface SocketAuthenticator {
  /** Null refuses the connection. */
  authenticate(request: IncomingMessage): Promise<SocketIdentity | null>;
  /** The session as it is now, null once it ended, expired or lost its membership. */
  current(sessionKey: string): Promise<Identity | null>;
  /** Null when the session may follow the room, else why not (a sentence for the ack). */
  refusal(sessionKey: string, room: string): Promise<string | null>;
}

export const SOCKET_AUTHENTICATOR = Symbol('SOCKET_AUTHENTICATOR');

/** Who opens /ops in the web app (apps/web/src/app/shell/navigation.ts: the Ops item, owners). */
const OPS_ROLES: readonly Role[] = ['owner'];

/**
 * Views whose documents belong to no organization (a person's account, phones, chat webhooks, devices, addresses):
 * their notices go to `view:{name}` and name documents of every user, so only Tocsin operators
 * (ADMIN_EMAILS) may follow them. Every other view's notices reach members through their organization's room.
 */
export const GLOBAL_VIEWS: ReadonlySet<string> = new Set([
  ViewNames.users,
  ViewNames.phones,
  ViewNames.alternativeEmails,
  ViewNames.chatDestinations,
  ViewNames.pushDevices,
]);

/** Only a valid session connects; the socket joins its user's room and its current organization's room. */
@Injectable()
export class SessionSocketAuthenticator implements SocketAuthenticator {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async authenticate(request: IncomingMessage): Promise<SocketIdentity | null> {
    const identity = await identityOfSocket(this.sessions, this.store, request);
    const session = identity && (await this.sessions.find(identity.sessionKey));
    if (!identity || !session) return null;
    return {
      sessionKey: identity.sessionKey,
      userId: identity.userId,
      orgId: identity.orgId,
      expiresAt: session.expiresAt,
    };
  }

  current(sessionKey: string): Promise<Identity | null> {
    return identityOfSessionKey(this.sessions, this.store, sessionKey);
  }

  async refusal(sessionKey: string, room: string): Promise<string | null> {
    const unknown = `Unknown room ${JSON.stringify(room)}`;
    const view = typeof room === 'string' && room.startsWith(Rooms.view('')) ? room.slice(Rooms.view('').length) : null;
    if (room !== Rooms.ops && !(view && isViewName(view))) return unknown;
    const identity = await this.current(sessionKey);
    if (!identity) return 'You are signed out. Sign in to continue.';
    if (room === Rooms.ops) {
      const flags = await featureFlagsOf(this.store, identity.orgId);
      const granted = checkRole({ loading: false, role: identity.role, allowedRoles: OPS_ROLES, flags }) === 'granted';
      return granted ? null : 'Only owners may follow the ops room.';
    }
    if (!GLOBAL_VIEWS.has(view!))
      return `View "${view}" belongs to organizations: its changes come through your organization's room.`;
    const operator = await isOperator(this.store, this.config, identity.userId);
    return operator ? null : `Only Tocsin operators may follow view "${view}".`;
  }
}
