import { Inject, Injectable } from '@nestjs/common';
import type { SessionStore } from '@tocsin/platform';
import type { IncomingMessage } from 'node:http';
import { SESSION_STORE } from '../identity/session-registry';
import { identityOfSocket } from '../identity/session.middleware';
import { RUNTIME, type Runtime } from '../runtime/runtime';

/** Who a socket belongs to, decided once at the handshake. */
export interface SocketIdentity {
  userId: string | null;
  /** Organizations whose rooms the socket joins. */
  orgIds: string[];
}

/** The handshake hook: returns null to refuse the connection. */
export interface SocketAuthenticator {
  authenticate(request: IncomingMessage): Promise<SocketIdentity | null>;
}

export const SOCKET_AUTHENTICATOR = Symbol('SOCKET_AUTHENTICATOR');

/** Only a valid session connects; the socket joins its user's room and its current organization's room. */
@Injectable()
export class SessionSocketAuthenticator implements SocketAuthenticator {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async authenticate(request: IncomingMessage): Promise<SocketIdentity | null> {
    const identity = await identityOfSocket(this.sessions, this.runtime.infra.readStore, request);
    return identity && { userId: identity.userId, orgIds: [identity.orgId] };
  }
}
