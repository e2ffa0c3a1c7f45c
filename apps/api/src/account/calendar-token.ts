import { userStream } from '@tocsin/domain';
import { randomBytes } from 'node:crypto';
import type { AccountCommands } from '../identity/account-commands';
import type { Runtime } from '../runtime/runtime';
import type { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';

export const CALENDAR_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;

/**
 * The user's calendar subscription secret, issued the first time it is asked for (users registered
 * before the feed existed have none). Two first requests at once: the user stream keeps one.
 */
export async function calendarTokenOf(
  deps: { runtime: Runtime; commands: AccountCommands; progress: ProjectionProgress },
  user: { _id: string; calendarToken?: unknown },
): Promise<string> {
  if (typeof user.calendarToken === 'string') return user.calendarToken;
  const token = randomBytes(24).toString('base64url');
  // Not tagged with an organization: the secret must not appear in any organization's history.
  const { position, events } = await deps.commands.user({ type: 'IssueCalendarToken', userId: user._id, token }, systemContext('', user._id));
  await deps.progress.waitFor('users', position);
  if (events.length > 0) return token;
  const issued = (await deps.runtime.infra.eventStore.readStream(userStream(user._id))).find((e) => e.type === 'CalendarTokenIssued');
  return (issued!.data as { token: string }).token;
}
