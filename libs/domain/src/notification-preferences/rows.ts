import type { Priority } from '../notification-policy/constants';
import { nextLongerDelay } from './delay-options';
import {
  DESTINATION_TYPE_LABELS,
  DESTINATION_TYPES,
  NOTIFICATION_TYPE_DESTINATIONS,
  type Destination,
  type DestinationType,
  type NotificationType,
} from './notification-types';

/** A notification step row as the form holds it: a row without id is not saved yet. */
export interface NotificationRow {
  id?: string;
  notification_type: NotificationType | null;
  destination: Destination | null;
  delay: string | null;
  notification_priority: Priority;
}

export const INCOMPLETE_ROW_MESSAGE = 'Please complete the previous notification before adding another.';

/** A new row starts with empty type and delay (SPEC.md section 4). */
export function newRow(priority: Priority): NotificationRow {
  return { notification_type: null, destination: null, delay: null, notification_priority: priority };
}

/** The row's required fields (SPEC.md section 5): notification_type and delay. */
export function isRowComplete(row: NotificationRow): boolean {
  return Boolean(row.notification_type) && Boolean(row.delay);
}

export type AddRowDecision = { allowed: true } | { allowed: false; message: string };

/** Adding is refused while the last row is incomplete, so a list never holds two half-filled rows. */
export function canAddRow(rows: readonly NotificationRow[]): AddRowDecision {
  const last = rows[rows.length - 1];
  return last && !isRowComplete(last) ? { allowed: false, message: INCOMPLETE_ROW_MESSAGE } : { allowed: true };
}

/**
 * Duplicate: an unsaved copy one delay option later, the usual way to build an escalation ladder;
 * null (not offered) at 1 hour or while the row has no delay.
 */
export function duplicateRow(row: NotificationRow): NotificationRow | null {
  const delay = row.delay ? nextLongerDelay(row.delay) : null;
  if (!delay) return null;
  const { id: _id, ...copy } = row;
  return { ...copy, delay };
}

/** Shown when a type is chosen for which the user has no destination; `kind` is a destination or notification type. */
export function noDestinationsMessage(kind: DestinationType | NotificationType): string {
  const destinationType = DESTINATION_TYPES.includes(kind as DestinationType)
    ? (kind as DestinationType)
    : NOTIFICATION_TYPE_DESTINATIONS[kind as NotificationType];
  return `No ${DESTINATION_TYPE_LABELS[destinationType]} destinations available. Please add one or verify in your Profile settings.`;
}
