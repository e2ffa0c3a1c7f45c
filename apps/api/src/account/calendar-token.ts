import { usersView, type ViewReader } from '@tocsin/read-models';
import { randomBytes } from 'node:crypto';
import { userCommand } from '../commands/aggregates';
import type { Commands } from '../commands/commands';
import type { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';

export const CALENDAR_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;

/**
 * The user's calendar subscription secret, issued the first time it is asked for (users registered
 * before the feed existed have none). Two first requests at once: the user stream keeps one.
 */
export async function calendarTokenOf(
  deps: { readStore: ViewReader; commands: Commands; progress: ProjectionProgress },
  user: { _id: string; calendarToken?: unknown },
): Promise<string> {
  if (typeof user.calendarToken === 'string') return user.calendarToken;
  const token = randomBytes(24).toString('base64url');
  // Not tagged with an organization: the secret must not appear in any organization's history.
  const { events } = await deps.commands.run(
    userCommand({ type: 'IssueCalendarToken', userId: user._id, token }, systemContext('', user._id)),
    usersView.name,
  );
  if (events.length > 0) return token;
  // Another request issued it first: its event is in the log, and the users view shows it once caught up.
  await deps.progress.waitForLog(usersView.name);
  const issued = (await usersView.byId(deps.readStore, user._id))?.calendarToken;
  if (typeof issued !== 'string') throw new Error(`The users view shows no calendar token for user ${user._id}`);
  return issued;
}
