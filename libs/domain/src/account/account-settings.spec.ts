import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { UserCommand } from './commands';
import { decideUser } from './decide';
import type { UserEvent } from './events';
import {
  PASSWORD_CONTAINS_EMAIL,
  PASSWORD_TOO_COMMON,
  passwordErrorText,
  passwordFormErrors,
  passwordStrengthErrors,
} from './password-rules';
import { evolveUser, initialUser, type UserState } from './state';

const user = deciderSpec<UserState, UserCommand, UserEvent>({
  initial: initialUser,
  evolve: evolveUser,
  decide: decideUser,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const registered: UserEvent[] = [
  { type: 'UserRegistered', data: { userId: 'u', email: 'a@b.co', name: 'Ada', passwordHash: 'h' } },
];
const requested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { userId: 'u', tokenHash: 't1', expiresAt: '2026-01-01T01:00:00.000Z' },
};
const reset = (now: string, tokenHash = 't1'): UserCommand => ({
  type: 'ResetPassword',
  userId: 'u',
  tokenHash,
  passwordHash: 'h2',
  now,
});

describe('user decider: account settings', () => {
  it('renames, trimmed; the same name changes nothing; blank and too long are refused', () => {
    user
      .given(registered)
      .when({ type: 'UpdateProfile', userId: 'u', name: ' Grace ' })
      .then([{ type: 'ProfileUpdated', data: { userId: 'u', name: 'Grace' } }]);
    user.given(registered).when({ type: 'UpdateProfile', userId: 'u', name: 'Ada' }).thenNothingHappened();
    user
      .given(registered)
      .when({ type: 'UpdateProfile', userId: 'u', name: '  ' })
      .thenThrows((e) => expect((e as DomainError).fields).toEqual({ name: ['name is a required field'] }));
    user
      .given(registered)
      .when({ type: 'UpdateProfile', userId: 'u', name: 'x'.repeat(101) })
      .thenThrows(code('invalid'));
  });

  it('records a new avatar', () => {
    user
      .given(registered)
      .when({ type: 'ChangeAvatar', userId: 'u', imageName: 'a.png' })
      .then([{ type: 'AvatarChanged', data: { userId: 'u', imageName: 'a.png' } }]);
    user.given([]).when({ type: 'ChangeAvatar', userId: 'u', imageName: 'a.png' }).thenThrows(code('not_found'));
  });

  it('resets the password with a requested token before it expires, once', () => {
    user
      .given([...registered, requested])
      .when(reset('2026-01-01T00:59:59.000Z'))
      .then([{ type: 'PasswordReset', data: { userId: 'u', tokenHash: 't1', passwordHash: 'h2' } }]);
    user
      .given([...registered, requested])
      .when(reset('2026-01-01T01:00:00.000Z'))
      .thenThrows(code('not_found'));
    user
      .given([...registered, requested])
      .when(reset('2026-01-01T00:00:00.000Z', 'other'))
      .thenThrows(code('not_found'));
    const used: UserEvent = { type: 'PasswordReset', data: { userId: 'u', tokenHash: 't1', passwordHash: 'h2' } };
    user
      .given([...registered, requested, used])
      .when(reset('2026-01-01T00:10:00.000Z'))
      .thenThrows(code('not_found'));
  });

  it('voids outstanding reset tokens when the password is changed', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u', passwordHash: 'h3' } };
    user
      .given([...registered, requested, changed])
      .when(reset('2026-01-01T00:10:00.000Z'))
      .thenThrows(code('not_found'));
  });

  it('issues the calendar token once', () => {
    user
      .given(registered)
      .when({ type: 'IssueCalendarToken', userId: 'u', token: 'c1' })
      .then([{ type: 'CalendarTokenIssued', data: { userId: 'u', token: 'c1' } }]);
    user
      .given([...registered, { type: 'CalendarTokenIssued', data: { userId: 'u', token: 'c1' } }])
      .when({ type: 'IssueCalendarToken', userId: 'u', token: 'c2' })
      .thenNothingHappened();
  });
});

describe('password form rules', () => {
  it('requires the three fields, a long enough password and a matching confirmation', () => {
    expect(passwordFormErrors({}, { requireCurrent: true })).toEqual({
      current_password: ['Required'],
      password: ['Required'],
      password_confirmation: ['Required'],
    });
    expect(passwordFormErrors({}, { requireCurrent: false })).toEqual({
      password: ['Required'],
      password_confirmation: ['Required'],
    });
    expect(
      passwordFormErrors(
        { current_password: 'x', password: 'short', password_confirmation: 'short' },
        { requireCurrent: true },
      ),
    ).toEqual({
      password: ['is too short (minimum is 8 characters)'],
    });
    expect(
      passwordFormErrors(
        { current_password: 'x', password: 'long enough', password_confirmation: 'long enougH' },
        { requireCurrent: true },
      ),
    ).toEqual({
      password_confirmation: ["doesn't match Password"],
    });
    expect(
      passwordFormErrors(
        { current_password: 'x', password: 'long enough', password_confirmation: 'long enough' },
        { requireCurrent: true },
      ),
    ).toEqual({});
  });

  it('builds the refusal sentence field by field, or nothing', () => {
    expect(
      passwordErrorText({
        password: ['is too short (minimum is 8 characters)'],
        password_confirmation: ["doesn't match Password"],
      }),
    ).toBe("Password is too short (minimum is 8 characters). Confirmation password doesn't match Password");
    expect(passwordErrorText({ current_password: ['is invalid'] })).toBe('Current password is invalid');
    expect(passwordErrorText({ password: 'is weak' })).toBe('Password is weak');
    expect(passwordErrorText({ name: ['x'] })).toBeNull();
    expect(passwordErrorText(undefined)).toBeNull();
  });
});

describe('user decider: email change', () => {
  const asked: UserEvent = {
    type: 'EmailChangeRequested',
    data: { userId: 'u', email: 'new@b.co', tokenHash: 'e1', expiresAt: '2026-01-02T00:00:00.000Z' },
  };
  const confirm = (now: string, tokenHash = 'e1'): UserCommand => ({
    type: 'ConfirmEmailChange',
    userId: 'u',
    tokenHash,
    now,
  });

  it('records the request for the new address, normalized; its own address is refused', () => {
    user
      .given(registered)
      .when({
        type: 'RequestEmailChange',
        userId: 'u',
        email: ' New@B.co ',
        tokenHash: 'e1',
        expiresAt: '2026-01-02T00:00:00.000Z',
      })
      .then([asked]);
    user
      .given(registered)
      .when({
        type: 'RequestEmailChange',
        userId: 'u',
        email: 'A@b.co',
        tokenHash: 'e1',
        expiresAt: '2026-01-02T00:00:00.000Z',
      })
      .thenThrows((e) => expect((e as DomainError).fields).toEqual({ email: ['This is already your email address.'] }));
  });

  it('changes the email only through the latest link, before it expires, once', () => {
    const changed: UserEvent = {
      type: 'EmailChanged',
      data: { userId: 'u', previousEmail: 'a@b.co', email: 'new@b.co' },
    };
    user
      .given([...registered, asked])
      .when(confirm('2026-01-01T23:59:59.000Z'))
      .then([changed]);
    user
      .given([...registered, asked])
      .when(confirm('2026-01-02T00:00:00.000Z'))
      .thenThrows(code('not_found'));
    user
      .given([...registered, asked])
      .when(confirm('2026-01-01T00:00:00.000Z', 'other'))
      .thenThrows(code('not_found'));
    user
      .given([...registered, asked, changed])
      .when(confirm('2026-01-01T00:10:00.000Z'))
      .thenThrows(code('not_found'));
    const newer: UserEvent = {
      type: 'EmailChangeRequested',
      data: { userId: 'u', email: 'other@b.co', tokenHash: 'e2', expiresAt: '2026-01-02T01:00:00.000Z' },
    };
    user
      .given([...registered, asked, newer])
      .when(confirm('2026-01-01T00:10:00.000Z'))
      .thenThrows(code('not_found'));
    user
      .given([...registered, asked, newer])
      .when(confirm('2026-01-01T00:10:00.000Z', 'e2'))
      .then([{ type: 'EmailChanged', data: { userId: 'u', previousEmail: 'a@b.co', email: 'other@b.co' } }]);
  });
});

describe('password strength rules', () => {
  it('refuses a password holding the email or its local part, whatever the case, before its score', () => {
    expect(passwordStrengthErrors('ada.lovelace@example.com', 'Ada.Lovelace@example.com', 4)).toEqual({
      password: [PASSWORD_CONTAINS_EMAIL],
    });
    expect(passwordStrengthErrors('x-ADA.LOVELACE-2026-strong', 'ada.lovelace@example.com', 4)).toEqual({
      password: [PASSWORD_CONTAINS_EMAIL],
    });
    // a local part of one or two letters is in too many words to refuse
    expect(passwordStrengthErrors('bold-harbour-lantern', 'bo@example.com', 4)).toEqual({});
    expect(passwordErrorText(passwordStrengthErrors('ada-lovelace-x', 'ada-lovelace@example.com', 4))).toBe(
      "Password can't contain your email address",
    );
  });

  it('refuses a score below 3 with a reason and what to do', () => {
    expect(passwordStrengthErrors('password1', 'ada@example.com', 0)).toEqual({ password: [PASSWORD_TOO_COMMON] });
    expect(passwordErrorText(passwordStrengthErrors('password1', 'ada@example.com', 2))).toBe(
      'Password is too common: choose one that others are unlikely to use',
    );
    expect(passwordStrengthErrors('bold-harbour-lantern', 'ada@example.com', 3)).toEqual({});
  });
});
