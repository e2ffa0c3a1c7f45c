import { usersView, type ViewReader } from '@tocsin/read-models';
import { secretKeyOf, type AppConfig } from '@tocsin/platform';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { userCommand } from '../commands/aggregates';
import type { Commands } from '../commands/commands';
import type { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';

export const CALENDAR_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;

export interface CalendarTokenDeps {
  readStore: ViewReader;
  commands: Commands;
  progress: ProjectionProgress;
  config: Pick<AppConfig, 'ACTION_LINK_SECRET' | 'DATA_DIR'>;
}

export const calendarTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Constant-time comparison of a stored hash with the hash of the presented secret. */
export function sameCalendarHash(stored: unknown, presented: string): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(presented));
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
export async function rotateCalendarToken(deps: CalendarTokenDeps, userId: string, rotationId?: string): Promise<string> {
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
