import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { SessionCommand } from './commands';
import { decideSession } from './decide';
import type { SessionEvent } from './events';
import { evolveSession, initialSession, type SessionState } from './state';

const session = deciderSpec<SessionState, SessionCommand, SessionEvent>({
  initial: initialSession,
  evolve: evolveSession,
  decide: decideSession,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

describe('session decider', () => {
  const started: SessionEvent[] = [
    {
      type: 'SessionStarted',
      data: { sessionKey: 'k', userId: 'u', organizationId: 'o', expiresAt: '2026-02-01T00:00:00Z', staff: false },
    },
  ];
  it("starts once, switches within the user's organizations, ends once", () => {
    session
      .given([])
      .when({
        type: 'StartSession',
        sessionKey: 'k',
        userId: 'u',
        organizationId: 'o',
        expiresAt: '2026-02-01T00:00:00Z',
        staff: false,
      })
      .then(started);
    session
      .given(started)
      .when({ type: 'StartSession', sessionKey: 'k', userId: 'u', organizationId: 'o', expiresAt: 'x', staff: false })
      .thenThrows(code('conflict'));
    session
      .given(started)
      .when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o2', isMember: true })
      .then([{ type: 'SessionOrganizationSwitched', data: { sessionKey: 'k', organizationId: 'o2' } }]);
    session
      .given(started)
      .when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o2', isMember: false })
      .thenThrows(code('not_found'));
    session
      .given(started)
      .when({ type: 'EndSession', sessionKey: 'k', reason: 'signed_out' })
      .then([{ type: 'SessionEnded', data: { sessionKey: 'k', reason: 'signed_out' } }]);
    const ended: SessionEvent[] = [
      ...started,
      { type: 'SessionEnded', data: { sessionKey: 'k', reason: 'signed_out' } },
    ];
    session.given(ended).when({ type: 'EndSession', sessionKey: 'k', reason: 'signed_out' }).thenNothingHappened();
    session
      .given(ended)
      .when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o', isMember: true })
      .thenThrows(code('forbidden'));
  });
});
