import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { UserCommand } from './commands';
import { decideUser } from './decide';
import type { UserEvent } from './events';
import { evolveUser, initialUser, type UserState } from './state';

const user = deciderSpec<UserState, UserCommand, UserEvent>({
  initial: initialUser,
  evolve: evolveUser,
  decide: decideUser,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

describe('user decider', () => {
  const registered: UserEvent[] = [
    { type: 'UserRegistered', data: { userId: 'u', email: 'a@b.co', name: 'A', passwordHash: 'h' } },
  ];
  it('registers with a normalized email, once', () => {
    user
      .given([])
      .when({ type: 'RegisterUser', userId: 'u', email: ' A@B.co ', name: ' A ', passwordHash: 'h' })
      .then(registered);
    user
      .given(registered)
      .when({ type: 'RegisterUser', userId: 'u', email: 'a@b.co', name: 'A', passwordHash: 'h' })
      .thenThrows(code('conflict'));
  });
  it('changes the password only when the current one was right', () => {
    user
      .given(registered)
      .when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: true, passwordHash: 'h2' })
      .then([{ type: 'PasswordChanged', data: { userId: 'u', passwordHash: 'h2' } }]);
    user
      .given(registered)
      .when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: false, passwordHash: 'h2' })
      .thenThrows((e) => {
        expect((e as DomainError).fields).toEqual({ current_password: ['is invalid'] });
      });
    user
      .given([])
      .when({ type: 'ChangePassword', userId: 'u', currentPasswordValid: true, passwordHash: 'h2' })
      .thenThrows(code('not_found'));
  });
  it('sets a default organization the user belongs to', () => {
    user
      .given(registered)
      .when({ type: 'SetDefaultOrganization', userId: 'u', organizationId: 'o', isMember: true })
      .then([{ type: 'DefaultOrganizationSet', data: { userId: 'u', organizationId: 'o' } }]);
    user
      .given(registered)
      .when({ type: 'SetDefaultOrganization', userId: 'u', organizationId: 'o', isMember: false })
      .thenThrows(code('not_found'));
  });
  it('links single sign-on once per organization, and again when the person links another one', () => {
    const linked: UserEvent = { type: 'SsoLinked', data: { userId: 'u', organizationId: 'o' } };
    user.given(registered).when({ type: 'LinkSso', userId: 'u', organizationId: 'o' }).then([linked]);
    user
      .given([...registered, linked])
      .when({ type: 'LinkSso', userId: 'u', organizationId: 'o' })
      .thenNothingHappened();
    user
      .given([...registered, linked])
      .when({ type: 'LinkSso', userId: 'u', organizationId: 'o2' })
      .then([{ type: 'SsoLinked', data: { userId: 'u', organizationId: 'o2' } }]);
  });
});
