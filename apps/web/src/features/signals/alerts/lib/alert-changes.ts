import type { Alert } from '@tocsin/contracts';
import { STATUS_DISPLAY } from './alert-format';

/**
 * What changed between two answers of the same list, in words for screen readers: new alerts and status
 * changes are what a person watching the list acts on; a count going up is not worth interrupting them.
 */
export function describeAlertChanges(
  before: ReadonlyArray<Pick<Alert, 'id' | 'status' | 'summary'>>,
  after: ReadonlyArray<Pick<Alert, 'id' | 'status' | 'summary'>>,
): string[] {
  const previous = new Map(before.map((alert) => [alert.id, alert]));
  const messages: string[] = [];
  for (const alert of after) {
    const was = previous.get(alert.id);
    if (!was) messages.push(`New alert: ${alert.summary}`);
    else if (was.status !== alert.status)
      messages.push(`${STATUS_DISPLAY[alert.status]?.label ?? alert.status}: ${alert.summary}`);
  }
  // many at once (a storm, a page turned by a filter): one sentence instead of a list read for a minute
  if (messages.length > 3) return [`${messages.length} alerts changed`];
  return messages;
}
