import { DomainError } from '../shared/event';
import type { EmailReleased, EmailReserved } from './events';

/**
 * One stream per address (`emailStream`): the log itself guarantees an email is taken by one user at a
 * time. Reserving an address its user already holds changes nothing (a resumed process repeating its
 * step; user ids are never reused); releasing one another user holds changes nothing either.
 */
export interface EmailReservationState {
  /** The user the address is reserved for, or null while it is free. */
  holder: string | null;
}

export type EmailReservationCommand =
  | { type: 'ReserveEmail'; email: string; userId: string }
  /** The user moved to another address, or a sign-up was refused before the user existed. */
  | { type: 'ReleaseEmail'; email: string; userId: string };

export type EmailReservationEvent = EmailReserved | EmailReleased;

export const EMAIL_TAKEN = 'Email has already been taken';

export const initialEmailReservation = (): EmailReservationState => ({ holder: null });

export function evolveEmailReservation(
  state: EmailReservationState,
  event: EmailReservationEvent,
): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      return { holder: event.data.userId };
    case 'EmailReleased':
      return { holder: null };
  }
}

export function decideEmailReservation(
  command: EmailReservationCommand,
  state: EmailReservationState,
): EmailReservationEvent[] {
  const email = command.email.trim().toLowerCase();
  switch (command.type) {
    case 'ReserveEmail':
      if (state.holder === command.userId) return [];
      if (state.holder !== null) throw new DomainError(EMAIL_TAKEN, 'conflict', { email: ['has already been taken'] });
      return [{ type: 'EmailReserved', data: { email, userId: command.userId } }];
    case 'ReleaseEmail':
      if (state.holder !== command.userId) return [];
      return [{ type: 'EmailReleased', data: { email, userId: command.userId } }];
  }
}
