import type { NotificationGroupMethod } from '../notification-policy/constants';
import { destinationsFor, type Destination, type NotificationType } from './notification-types';

/**
 * SPEC.md section 5 "Auto-fix destination by type": the setting types a fix may create for a policy method,
 * most preferred first. Push means an apns device, as the spec says; an 'apns' or 'fcm' item asks for
 * that platform. 'any' prefers email, then the other channels in the select's order.
 */
export const AUTO_FIX_TYPES: Record<NotificationGroupMethod, readonly NotificationType[]> = {
  email: ['email'],
  chat: ['slack', 'microsoft_teams'],
  mobile_text: ['sms'],
  voice: ['voice'],
  push: ['apns'],
  apns: ['apns'],
  fcm: ['fcm'],
  any: ['email', 'slack', 'microsoft_teams', 'sms', 'apns'],
};

/** The type and destination a fix would use for `method`, or null when the user has no suitable destination. */
export function autoFixTarget(
  method: NotificationGroupMethod,
  available: readonly Destination[],
): { notification_type: NotificationType; destination: Destination } | null {
  for (const notification_type of AUTO_FIX_TYPES[method]) {
    const [destination] = destinationsFor(notification_type, available);
    if (destination) return { notification_type, destination };
  }
  return null;
}

export const unsatisfiableReason = (method: NotificationGroupMethod) =>
  `No suitable destinations available for ${method}`;
