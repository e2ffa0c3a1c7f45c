import { notificationSettingsStream } from '@tocsin/domain';
import type { RecordedEvent } from '../../projection';

const PREFIX = notificationSettingsStream('');

/**
 * Whose settings an event changed: the stream names the user. The actor may be someone else (a job
 * matching the policy on the user's behalf), so metadata.actorId only stands in for a foreign stream.
 */
export function settingsOwner(event: RecordedEvent): string {
  return event.stream.startsWith(PREFIX) ? event.stream.slice(PREFIX.length) : (event.metadata.actorId ?? '');
}
