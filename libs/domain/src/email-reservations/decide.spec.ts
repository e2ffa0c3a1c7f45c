import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import {
  decideEmailReservation,
  EMAIL_TAKEN,
  evolveEmailReservation,
  initialEmailReservation,
  type EmailReservationCommand,
  type EmailReservationEvent,
  type EmailReservationState,
} from './decide';

const spec = deciderSpec<EmailReservationState, EmailReservationCommand, EmailReservationEvent>({
  initial: initialEmailReservation,
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
});

const reserved = (userId: string): EmailReservationEvent => ({
  type: 'EmailReserved',
  data: { email: 'ana@example.com', userId },
});
const released = (userId: string): EmailReservationEvent => ({
  type: 'EmailReleased',
  data: { email: 'ana@example.com', userId },
});
const reserve = (userId: string, email = 'ana@example.com'): EmailReservationCommand => ({
  type: 'ReserveEmail',
  email,
  userId,
});
const release = (userId: string, email = 'ana@example.com'): EmailReservationCommand => ({
  type: 'ReleaseEmail',
  email,
  userId,
});

const taken = (error: unknown) => {
  expect((error as DomainError).message).toBe(EMAIL_TAKEN);
  expect((error as DomainError).code).toBe('conflict');
  expect((error as DomainError).fields).toEqual({ email: ['has already been taken'] });
};

describe('email reservation decider', () => {
  it('reserves a free address for a user, trimmed and lowercased', () => {
    spec
      .given([])
      .when(reserve('u1', '  Ana@Example.COM '))
      .then([reserved('u1')]);
  });

  it('reserves an address its previous user released', () => {
    spec
      .given([reserved('u1'), released('u1')])
      .when(reserve('u2'))
      .then([reserved('u2')]);
  });

  it('changes nothing when the user already holds the address (a resumed step)', () => {
    spec
      .given([reserved('u1')])
      .when(reserve('u1'))
      .thenNothingHappened();
  });

  it('refuses an address another user holds, naming the email field', () => {
    spec
      .given([reserved('u1')])
      .when(reserve('u2'))
      .thenThrows(taken);
    spec
      .given([reserved('u1'), released('u1'), reserved('u3')])
      .when(reserve('u2'))
      .thenThrows(taken);
  });

  it('releases an address its user holds', () => {
    spec
      .given([reserved('u1')])
      .when(release('u1', ' ANA@example.com'))
      .then([released('u1')]);
  });

  it('releases nothing when the address is free or another user holds it', () => {
    spec.given([]).when(release('u1')).thenNothingHappened();
    spec
      .given([reserved('u1'), released('u1')])
      .when(release('u1'))
      .thenNothingHappened();
    spec
      .given([reserved('u2')])
      .when(release('u1'))
      .thenNothingHappened();
  });
});
