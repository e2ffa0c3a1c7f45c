import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '../../notification-preferences/notification-types';

const PHONE_CHANNELS: ReadonlySet<NotificationType> = new Set(['sms', 'voice', 'whats_app']);

/**
 * Where a page went, as someone other than the person paged reads it on the alert's timeline (issue 19: personal
 * data): a phone keeps its last four digits ("*** 1234", enough to tell two of one person's phones apart), any
 * other destination (an email address, a chat webhook, a device token) only its channel's label.
 */
export function maskedPageAddress(channel: NotificationType, address: string): string {
  if (!PHONE_CHANNELS.has(channel)) return NOTIFICATION_TYPE_LABELS[channel] ?? 'hidden';
  const digits = address.replace(/\D/g, '');
  return digits.length > 4 ? `*** ${digits.slice(-4)}` : '***';
}
