import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { OrganizationEvent, SessionEvent, UserEvent } from './events';
import { decideOrganization, evolveOrganization, initialOrganization, type OrganizationCommand, type OrganizationState } from './organization';
import { decideSession, evolveSession, initialSession, type SessionCommand, type SessionState } from './session';
import { decideUser, evolveUser, initialUser, type UserCommand, type UserState } from './user';

const org = deciderSpec<OrganizationState, OrganizationCommand, OrganizationEvent>({ initial: initialOrganization, evolve: evolveOrganization, decide: decideOrganization });
const user = deciderSpec<UserState, UserCommand, UserEvent>({ initial: initialUser, evolve: evolveUser, decide: decideUser });
const session = deciderSpec<SessionState, SessionCommand, SessionEvent>({ initial: initialSession, evolve: evolveSession, decide: decideSession });
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { organizationId: 'o', name: 'Ops', tier: 'free' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u1', role: 'owner' } },
];

describe('organization decider', () => {
  it('creates an organization with its owner, trimming the name', () => {
    org.given([]).when({ type: 'CreateOrganization', organizationId: 'o', name: ' Ops ', tier: 'free', ownerId: 'u1' }).then(created);
  });
  it('refuses a blank name and a second creation', () => {
    org.given([]).when({ type: 'CreateOrganization', organizationId: 'o', name: ' ', tier: 'free', ownerId: 'u1' }).thenThrows(code('invalid'));
    org.given(created).when({ type: 'CreateOrganization', organizationId: 'o', name: 'x', tier: 'free', ownerId: 'u1' }).thenThrows(code('conflict'));
  });
  it('adds a member once', () => {
    org.given(created).when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'viewer' }).then([{ type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'viewer' } }]);
    org.given(created).when({ type: 'AddMember', organizationId: 'o', userId: 'u1', role: 'viewer' }).thenThrows(code('conflict'));
    org.given([]).when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'viewer' }).thenThrows(code('not_found'));
  });
  it('grants roles, keeping at least one owner', () => {
    const withMember: OrganizationEvent[] = [...created, { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } }];
    org.given(withMember).when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'owner' }).then([{ type: 'RoleGranted', data: { organizationId: 'o', userId: 'u2', role: 'owner' } }]);
    org.given(withMember).when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'member' }).thenNothingHappened();
    org.given(withMember).when({ type: 'GrantRole', organizationId: 'o', userId: 'u1', role: 'viewer' }).thenThrows(code('conflict'));
    org.given(withMember).when({ type: 'GrantRole', organizationId: 'o', userId: 'nobody', role: 'viewer' }).thenThrows(code('not_found'));
  });
});

describe('user decider', () => {
  const registered: UserEvent[] = [{ type: 'UserRegistered', data: { userId: 'u', email: 'a@b.co', name: 'A', passwordHash: 'h' } }];
  it('registers with a normalized email, once', () => {
    user.given([]).when({ type: 'RegisterUser', userId: 'u', email: ' A@B.co ', name: ' A ', passwordHash: 'h' }).then(registered);
    user.given(registered).when({ type: 'RegisterUser', userId: 'u', email: 'a@b.co', name: 'A', passwordHash: 'h' }).thenThrows(code('conflict'));
  });
  it('changes the password only when the current one was right', () => {
    user.given(registered).when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: true, passwordHash: 'h2' }).then([{ type: 'PasswordChanged', data: { userId: 'u', passwordHash: 'h2' } }]);
    user.given(registered).when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: false, passwordHash: 'h2' }).thenThrows((e) => {
      expect((e as DomainError).fields).toEqual({ current_password: ['is invalid'] });
    });
    user.given([]).when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: true, passwordHash: 'h2' }).thenThrows(code('not_found'));
  });
  it('sets a default organization the user belongs to', () => {
    user.given(registered).when({ type: 'SetDefaultOrganization', userId: 'u', organizationId: 'o', isMember: true }).then([{ type: 'DefaultOrganizationSet', data: { userId: 'u', organizationId: 'o' } }]);
    user.given(registered).when({ type: 'SetDefaultOrganization', userId: 'u', organizationId: 'o', isMember: false }).thenThrows(code('not_found'));
  });
  it('links single sign-on once per organization, and again when the person links another one', () => {
    const linked: UserEvent = { type: 'SsoLinked', data: { userId: 'u', organizationId: 'o' } };
    user.given(registered).when({ type: 'LinkSso', userId: 'u', organizationId: 'o' }).then([linked]);
    user.given([...registered, linked]).when({ type: 'LinkSso', userId: 'u', organizationId: 'o' }).thenNothingHappened();
    user.given([...registered, linked]).when({ type: 'LinkSso', userId: 'u', organizationId: 'o2' }).then([{ type: 'SsoLinked', data: { userId: 'u', organizationId: 'o2' } }]);
  });
});

describe('session decider', () => {
  const started: SessionEvent[] = [{ type: 'SessionStarted', data: { sessionKey: 'k', userId: 'u', organizationId: 'o', expiresAt: '2026-02-01T00:00:00Z', staff: false } }];
  it('starts once, switches within the user\'s organizations, ends once', () => {
    session.given([]).when({ type: 'StartSession', sessionKey: 'k', userId: 'u', organizationId: 'o', expiresAt: '2026-02-01T00:00:00Z', staff: false }).then(started);
    session.given(started).when({ type: 'StartSession', sessionKey: 'k', userId: 'u', organizationId: 'o', expiresAt: 'x', staff: false }).thenThrows(code('conflict'));
    session.given(started).when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o2', isMember: true }).then([{ type: 'SessionOrganizationSwitched', data: { sessionKey: 'k', organizationId: 'o2' } }]);
    session.given(started).when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o2', isMember: false }).thenThrows(code('not_found'));
    session.given(started).when({ type: 'EndSession', sessionKey: 'k', reason: 'signed_out' }).then([{ type: 'SessionEnded', data: { sessionKey: 'k', reason: 'signed_out' } }]);
    const ended: SessionEvent[] = [...started, { type: 'SessionEnded', data: { sessionKey: 'k', reason: 'signed_out' } }];
    session.given(ended).when({ type: 'EndSession', sessionKey: 'k', reason: 'signed_out' }).thenNothingHappened();
    session.given(ended).when({ type: 'SwitchOrganization', sessionKey: 'k', organizationId: 'o', isMember: true }).thenThrows(code('forbidden'));
  });
});
