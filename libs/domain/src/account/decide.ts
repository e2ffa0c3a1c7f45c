import { DomainError } from '../shared/event';
import { FIELD_MESSAGES, NAME_MAX_LENGTH } from '../shared/field-rules';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';
import type { UserState } from './state';
import { ownValue } from '../shared/own';

export const PASSWORD_RESET_REFUSED = 'This password reset link is invalid or has expired. Request a new one.';
export const EMAIL_CHANGE_REFUSED =
  'This email confirmation link is invalid or has expired. Change your email again from your profile.';
export const EMAIL_ALREADY_YOURS = 'This is already your email address.';
export const EMAIL_USED_BY_ANOTHER_ACCOUNT = 'This email address is already used by another account.';
/** How long the link confirming a new email works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type !== 'RegisterUser' && !state.exists) throw new DomainError('User not found', 'not_found');
  switch (command.type) {
    case 'RegisterUser': {
      if (state.exists) throw new DomainError('The user already exists', 'conflict');
      const { userId, email, name, passwordHash } = command;
      return [
        {
          type: 'UserRegistered',
          data: { userId, email: email.trim().toLowerCase(), name: name.trim(), passwordHash },
        },
      ];
    }
    case 'ChangePassword':
      if (!command.currentPasswordValid) {
        throw new DomainError('Current password is invalid', 'invalid', { current_password: ['is invalid'] });
      }
      return [{ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } }];
    case 'SetDefaultOrganization':
      if (!command.isMember) throw new DomainError('Organization not found', 'not_found');
      return [
        { type: 'DefaultOrganizationSet', data: { userId: command.userId, organizationId: command.organizationId } },
      ];
    case 'UpdateProfile': {
      const name = command.name.trim();
      if (!name) throw new DomainError('Name is required', 'invalid', { name: [FIELD_MESSAGES.required('name')] });
      if (name.length > NAME_MAX_LENGTH)
        throw new DomainError(`Name must be at most ${NAME_MAX_LENGTH} characters`, 'invalid', {
          name: [FIELD_MESSAGES.maxLength('name', NAME_MAX_LENGTH)],
        });
      return name === state.name ? [] : [{ type: 'ProfileUpdated', data: { userId: command.userId, name } }];
    }
    case 'ChangeAvatar':
      return [{ type: 'AvatarChanged', data: { userId: command.userId, imageName: command.imageName } }];
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId: command.userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'ResetPassword': {
      const expiresAt = ownValue(state.resets, command.tokenHash);
      if (!expiresAt || Date.parse(expiresAt) <= Date.parse(command.now))
        throw new DomainError(PASSWORD_RESET_REFUSED, 'not_found');
      return [
        {
          type: 'PasswordReset',
          data: { userId: command.userId, tokenHash: command.tokenHash, passwordHash: command.passwordHash },
        },
      ];
    }
    case 'RotateCalendarToken':
      return [
        {
          type: 'CalendarTokenRotated',
          data: { userId: command.userId, rotationId: command.rotationId, tokenHash: command.tokenHash },
        },
      ];
    case 'IssueCalendarToken':
      return state.calendarToken
        ? []
        : [{ type: 'CalendarTokenIssued', data: { userId: command.userId, token: command.token } }];
    case 'RequestEmailChange': {
      const email = command.email.trim().toLowerCase();
      if (email === state.email)
        throw new DomainError(EMAIL_ALREADY_YOURS, 'invalid', { email: [EMAIL_ALREADY_YOURS] });
      return [
        {
          type: 'EmailChangeRequested',
          data: { userId: command.userId, email, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    }
    case 'ConfirmEmailChange': {
      const pending = state.pendingEmail;
      if (
        !pending ||
        pending.tokenHash !== command.tokenHash ||
        Date.parse(pending.expiresAt) <= Date.parse(command.now)
      ) {
        throw new DomainError(EMAIL_CHANGE_REFUSED, 'not_found');
      }
      return [
        { type: 'EmailChanged', data: { userId: command.userId, previousEmail: state.email, email: pending.email } },
      ];
    }
    case 'LinkSso':
      // Linked again when the domain moved to another organization (its owner proved it, the person linked).
      return state.ssoOrganizationId === command.organizationId
        ? []
        : [{ type: 'SsoLinked', data: { userId: command.userId, organizationId: command.organizationId } }];
  }
}
