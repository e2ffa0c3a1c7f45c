import { usersView, type ViewReader } from '@tocsin/read-models';
import { secretKeyOf, type AppConfig } from '@tocsin/platform';
import { createHmac, randomBytes } from 'node:crypto';
import { userCommand } from '../commands/aggregates';
import type { Commands } from '../commands/commands';
import type { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';
import { feedTokenHash as calendarTokenHash, FEED_FILE } from '../signals/on-call-schedules/feed-token';

/** The personal feed's file name: the same shape as a schedule feed's. */
export const CALENDAR_FILE = FEED_FILE;

export interface CalendarTokenDeps {
  readStore: ViewReader;
  commands: Commands;
  progress: ProjectionProgress;
  config: Pick<AppConfig, 'ACTION_LINK_SECRET' | 'DATA_DIR'>;
}

/**
 * The secret of a rotation: derived from the installation's key (a key of its own, made from the signed links'
 * key) and the rotation's public id, so the log and the views hold only its hash and the id, and the account
 * page can still show the address.
 */
function derivedToken(config: CalendarTokenDeps['config'], userId: string, rotationId: string): string {
  const key = createHmac('sha256', secretKeyOf(config, 'ACTION_LINK_SECRET')).update('calendar-subscription').digest();
  return createHmac('sha256', key).update(`${userId}/${rotationId}`).digest('base64url').slice(0, 32);
}

/** A new secret for the user's calendar subscription: the old address stops working. */
export async function rotateCalendarToken(
  deps: CalendarTokenDeps,
  userId: string,
  rotationId?: string,
): Promise<string> {
  const id = rotationId ?? randomBytes(12).toString('base64url');
  const token = derivedToken(deps.config, userId, id);
  // Not tagged with an organization: the subscription is the person's, in no organization's history.
  await deps.commands.run(
    userCommand(
      { type: 'RotateCalendarToken', userId, rotationId: id, tokenHash: calendarTokenHash(token) },
      systemContext('', userId),
    ),
    usersView.name,
  );
  return token;
}

/**
 * The user's calendar subscription secret. Made the first time it is asked for (two first requests at once
 * make the same one); an account from before rotations keeps its first, plain secret until it rotates.
 */
export async function calendarTokenOf(
  deps: CalendarTokenDeps,
  user: { _id: string; calendarToken?: unknown; calendarRotationId?: unknown },
): Promise<string> {
  if (typeof user.calendarRotationId === 'string') return derivedToken(deps.config, user._id, user.calendarRotationId);
  if (typeof user.calendarToken === 'string') return user.calendarToken;
  return rotateCalendarToken(deps, user._id, 'first');
}
