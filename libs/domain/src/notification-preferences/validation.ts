import { DomainError } from '../shared/event';
import { FIELD_MESSAGES } from '../shared/field-rules';
import { PRIORITIES, type Priority } from '../notification-policy/constants';
import { DELAY_OPTIONS, isDelayOption } from './delay-options';
import type { NotificationSettingFields } from './events';
import type { SaveNotificationSetting } from './commands';
import {
  DESTINATION_TYPES,
  destinationsFor,
  isNotificationType,
  NOTIFICATION_TYPE_DESTINATIONS,
  NOTIFICATION_TYPES,
  unwrapFieldValue,
  type Destination,
  type NotificationType,
} from './notification-types';
import { noDestinationsMessage } from './rows';

const REQUIRED = 'Required';
const blank = (value: unknown) => value === undefined || value === null || value === '';

function isDestination(value: unknown): value is Destination {
  const candidate = value as Partial<Destination> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    DESTINATION_TYPES.includes(candidate.type as never) &&
    typeof candidate.value === 'string'
  );
}

/** The destination's problem, if any; only judged once the type is known, since the type decides the kind. */
function destinationError(
  type: NotificationType,
  destination: unknown,
  available: readonly Destination[],
): string | null {
  if (blank(destination)) return REQUIRED;
  const kind = NOTIFICATION_TYPE_DESTINATIONS[type];
  if (!isDestination(destination) || destination.type !== kind)
    return `destination must be a ${kind} destination for ${type}`;
  const usable = destinationsFor(type, available);
  if (usable.length === 0) return noDestinationsMessage(type);
  const known = usable.some((candidate) => candidate.value === destination.value);
  return known ? null : 'destination must be one of your available destinations';
}

/** SPEC.md section 5 "Notification row" plus what the server must also hold true; every field's problem at once. */
export function validateNotificationSetting(command: SaveNotificationSetting): NotificationSettingFields {
  const { destination, notification_priority } = command;
  // SPEC.md section 3: a delay may come as an object with a value; the type as the API returns it.
  const notification_type = unwrapFieldValue(command.notification_type);
  const delay = unwrapFieldValue(command.delay);
  const errors: Record<string, string[]> = {};
  if (blank(notification_type)) errors.notification_type = [REQUIRED];
  else if (!isNotificationType(notification_type))
    errors.notification_type = [FIELD_MESSAGES.oneOf('notification_type', NOTIFICATION_TYPES)];
  if (blank(delay)) errors.delay = [REQUIRED];
  else if (!isDelayOption(delay))
    errors.delay = [
      FIELD_MESSAGES.oneOf(
        'delay',
        DELAY_OPTIONS.map((option) => option.value),
      ),
    ];
  if (blank(notification_priority)) errors.notification_priority = [REQUIRED];
  else if (!PRIORITIES.includes(notification_priority as Priority))
    errors.notification_priority = [FIELD_MESSAGES.oneOf('notification_priority', PRIORITIES)];
  if (isNotificationType(notification_type)) {
    const problem = destinationError(notification_type, destination, command.availableDestinations);
    if (problem) errors.destination = [problem];
  }
  if (Object.keys(errors).length > 0) throw new DomainError('The notification setting is not valid', 'invalid', errors);
  return {
    notification_type: notification_type as NotificationType,
    destination: { type: (destination as Destination).type, value: (destination as Destination).value },
    delay: delay as string,
    notification_priority: notification_priority as Priority,
  };
}
