import { DomainError } from '../shared/event';
import { EMAIL_MAX_LENGTH, FIELD_MESSAGES } from '../shared/field-rules';
import { VerificationRefused } from '../phones/refusal';

/**
 * A person's extra email address, verified by a link (SPEC.md sections 3 and 7). Our limits: a link
 * works for 24 hours and only the newest one works; at most 5 links per address in any rolling hour;
 * at most 10 alternative emails per person.
 */
export const ALTERNATIVE_EMAIL_LINK_TTL_MS = 24 * 3_600_000;
export const ALTERNATIVE_EMAIL_LINKS_PER_HOUR = 5;
export const MAX_ALTERNATIVE_EMAILS_PER_USER = 10;

export const ALTERNATIVE_EMAIL_MESSAGES = {
  required: FIELD_MESSAGES.required('email'),
  invalid: FIELD_MESSAGES.email('email'),
  notFound: 'Alternative email not found',
  alreadyVerified: 'This email is already verified',
  alreadyAdded: 'This email is already added',
  primary: 'This is already the email of your account',
  tooMany: `You can keep at most ${MAX_ALTERNATIVE_EMAILS_PER_USER} alternative emails`,
  tooManyLinks: 'Too many verification emails were sent to this address. Try again in an hour.',
  badLink: 'This verification link is not valid or has expired.',
} as const;

/** `tokenHash` is the SHA-256 of the emailed token: the token itself is never stored. */
export interface IssuedEmailToken {
  tokenHash: string;
  sentAt: string;
  expiresAt: string;
}

export type AlternativeEmailAdded = {
  type: 'AlternativeEmailAdded';
  data: { alternativeEmailId: string; userId: string; email: string } & IssuedEmailToken;
};
export type AlternativeEmailVerificationSent = {
  type: 'AlternativeEmailVerificationSent';
  data: { alternativeEmailId: string } & IssuedEmailToken;
};
export type AlternativeEmailVerified = {
  type: 'AlternativeEmailVerified';
  data: { alternativeEmailId: string; userId: string };
};
export type AlternativeEmailRemoved = {
  type: 'AlternativeEmailRemoved';
  data: { alternativeEmailId: string; userId: string };
};
export type AlternativeEmailEvent =
  AlternativeEmailAdded | AlternativeEmailVerificationSent | AlternativeEmailVerified | AlternativeEmailRemoved;

export const alternativeEmailStream = (id: string) => `alternativeEmail-${id}`;

/** `email` as the client sent it: the decider trims and lowercases it. */
export type AlternativeEmailCommand =
  | { type: 'AddAlternativeEmail'; alternativeEmailId: string; userId: string; email: string; token: IssuedEmailToken }
  | { type: 'ResendAlternativeEmail'; alternativeEmailId: string; userId: string; token: IssuedEmailToken }
  | { type: 'VerifyAlternativeEmail'; alternativeEmailId: string; tokenHash: string; now: string }
  | { type: 'RemoveAlternativeEmail'; alternativeEmailId: string; userId: string };

export interface AlternativeEmailState {
  status: 'absent' | 'active' | 'removed';
  userId: string | null;
  verified: boolean;
  token: { tokenHash: string; expiresAt: string } | null;
  sentAt: string[];
}

export const initialAlternativeEmail = (): AlternativeEmailState => ({
  status: 'absent',
  userId: null,
  verified: false,
  token: null,
  sentAt: [],
});

export function evolveAlternativeEmail(
  state: AlternativeEmailState,
  event: AlternativeEmailEvent,
): AlternativeEmailState {
  switch (event.type) {
    case 'AlternativeEmailAdded':
    case 'AlternativeEmailVerificationSent': {
      const { tokenHash, expiresAt, sentAt } = event.data;
      const userId = event.type === 'AlternativeEmailAdded' ? event.data.userId : state.userId;
      return { ...state, status: 'active', userId, token: { tokenHash, expiresAt }, sentAt: [...state.sentAt, sentAt] };
    }
    case 'AlternativeEmailVerified':
      return { ...state, verified: true };
    case 'AlternativeEmailRemoved':
      return { ...state, status: 'removed', token: null };
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOUR_MS = 3_600_000;

export function decideAlternativeEmail(
  command: AlternativeEmailCommand,
  state: AlternativeEmailState,
): AlternativeEmailEvent[] {
  const alternativeEmailId = command.alternativeEmailId;
  if (command.type === 'AddAlternativeEmail') {
    if (state.status !== 'absent') throw new DomainError('The alternative email already exists', 'conflict');
    const email = typeof command.email === 'string' ? command.email.trim().toLowerCase() : '';
    if (!email)
      throw new DomainError(ALTERNATIVE_EMAIL_MESSAGES.required, 'invalid', {
        email: [ALTERNATIVE_EMAIL_MESSAGES.required],
      });
    if (!EMAIL.test(email) || email.length > EMAIL_MAX_LENGTH)
      throw new DomainError(ALTERNATIVE_EMAIL_MESSAGES.invalid, 'invalid', {
        email: [ALTERNATIVE_EMAIL_MESSAGES.invalid],
      });
    return [
      { type: 'AlternativeEmailAdded', data: { alternativeEmailId, userId: command.userId, email, ...command.token } },
    ];
  }
  if (command.type === 'VerifyAlternativeEmail') {
    const token = state.token;
    const open =
      state.status === 'active' &&
      token?.tokenHash === command.tokenHash &&
      Date.parse(command.now) < Date.parse(token.expiresAt);
    // the newest link stays good after use, so a second click reads as success rather than an error
    if (!open) throw new VerificationRefused('expired', ALTERNATIVE_EMAIL_MESSAGES.badLink, 'token');
    return state.verified
      ? []
      : [{ type: 'AlternativeEmailVerified', data: { alternativeEmailId, userId: state.userId! } }];
  }
  if (state.status !== 'active' || state.userId !== command.userId)
    throw new DomainError(ALTERNATIVE_EMAIL_MESSAGES.notFound, 'not_found');
  if (command.type === 'RemoveAlternativeEmail')
    return [{ type: 'AlternativeEmailRemoved', data: { alternativeEmailId, userId: command.userId } }];
  if (state.verified) throw new DomainError(ALTERNATIVE_EMAIL_MESSAGES.alreadyVerified, 'conflict');
  const since = Date.parse(command.token.sentAt) - HOUR_MS;
  if (state.sentAt.filter((at) => Date.parse(at) > since).length >= ALTERNATIVE_EMAIL_LINKS_PER_HOUR) {
    throw new VerificationRefused('too_many_sends', ALTERNATIVE_EMAIL_MESSAGES.tooManyLinks, 'email');
  }
  return [{ type: 'AlternativeEmailVerificationSent', data: { alternativeEmailId, ...command.token } }];
}
