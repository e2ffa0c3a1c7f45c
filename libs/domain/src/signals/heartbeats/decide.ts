import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import { formatDuration } from '../../shared/duration';
import { checkRoutedSettings, sameSettings, wholeNumberIn } from '../event-sources/routed-settings';
import type { HeartbeatCommand } from './commands';
import type { HeartbeatEvent, HeartbeatSettings } from './events';
import { heartbeatDueAt, type HeartbeatState } from './state';

export const HEARTBEAT_NAME_MAX_LENGTH = 100;
/** A new heartbeat beyond the organization's most (`HEARTBEATS_PER_ORGANIZATION`, 10,000 unless set). */
export const heartbeatsTooMany = (max: number) =>
  `This organization has ${max.toLocaleString('en-US')} heartbeats, the most it may keep: delete one it no longer needs first`;
/** A minute at least (the checker's grain), a week at most (a weekly job); whole minutes. */
export const HEARTBEAT_INTERVAL_MIN_MINUTES = 1;
export const HEARTBEAT_INTERVAL_MAX_MINUTES = 10_080;
/** From none to a day. */
export const HEARTBEAT_GRACE_MAX_MINUTES = 1_440;
/** A job that takes a while to start is not late at once: one minute of grace unless set. */
export const DEFAULT_HEARTBEAT_GRACE_MINUTES = 1;
/**
 * Pings closer together than this to the last recorded beat record nothing more (the due time moves by at most
 * this much): a job pinging in a loop cannot grow the log faster than a few beats a minute.
 */
export const HEARTBEAT_BEAT_RESOLUTION_MS = 10_000;

export const HEARTBEAT_INTERVAL_MESSAGE = FIELD_MESSAGES.minutes(
  'interval',
  formatDuration(HEARTBEAT_INTERVAL_MIN_MINUTES * 60),
  formatDuration(HEARTBEAT_INTERVAL_MAX_MINUTES * 60),
);
export const HEARTBEAT_GRACE_MESSAGE = FIELD_MESSAGES.minutes(
  'grace_period',
  'PT0S',
  formatDuration(HEARTBEAT_GRACE_MAX_MINUTES * 60),
);
export const HEARTBEAT_POLICY_NOT_FOUND_MESSAGE =
  "escalation_policy_id must be an escalation policy of the heartbeat's team";

/** Every field's message at once, named as the request names it. */
function validSettings(
  settings: HeartbeatSettings,
  found: { teamFound: boolean; policyFound: boolean },
): HeartbeatSettings {
  const errors: Record<string, string[]> = {};
  const name = checkRoutedSettings(
    settings,
    found,
    { nameMaxLength: HEARTBEAT_NAME_MAX_LENGTH, policyMessage: HEARTBEAT_POLICY_NOT_FOUND_MESSAGE },
    errors,
  );
  if (!wholeNumberIn(settings.intervalMinutes, HEARTBEAT_INTERVAL_MIN_MINUTES, HEARTBEAT_INTERVAL_MAX_MINUTES))
    errors.interval = [HEARTBEAT_INTERVAL_MESSAGE];
  if (!wholeNumberIn(settings.graceMinutes, 0, HEARTBEAT_GRACE_MAX_MINUTES))
    errors.grace_period = [HEARTBEAT_GRACE_MESSAGE];
  if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
  return { ...settings, name };
}

/**
 * Heartbeats (issue 20): created, changed, their token rotated, deleted; beats recorded; a miss decided at a due
 * time only when no beat came in time (a check that runs twice, or late after a beat, records nothing); the first
 * beat after a miss recovers it.
 */
export function decideHeartbeat(command: HeartbeatCommand, state: HeartbeatState): HeartbeatEvent[] {
  const { heartbeatId } = command;
  if (command.type === 'CreateHeartbeat') {
    if (state.status !== 'absent') throw new DomainError('The heartbeat already exists', 'conflict');
    const settings = validSettings(
      {
        name: command.name ?? '',
        teamId: command.teamId ?? '',
        escalationPolicyId: command.escalationPolicyId ?? null,
        intervalMinutes: command.intervalMinutes ?? Number.NaN,
        graceMinutes: command.graceMinutes ?? DEFAULT_HEARTBEAT_GRACE_MINUTES,
      },
      command,
    );
    const { orgId, tokenHash, tokenHint, at } = command;
    return [{ type: 'HeartbeatCreated', data: { heartbeatId, orgId, tokenHash, tokenHint, at, ...settings } }];
  }
  // another organization's heartbeat, like a deleted one, does not exist for this caller
  if (state.status !== 'active' || state.orgId !== command.orgId || !state.settings)
    throw new DomainError('Heartbeat not found', 'not_found');
  switch (command.type) {
    case 'ChangeHeartbeat': {
      const current = state.settings;
      const next = validSettings(
        {
          name: command.name ?? current.name,
          teamId: command.teamId ?? current.teamId,
          escalationPolicyId:
            command.escalationPolicyId === undefined ? current.escalationPolicyId : command.escalationPolicyId,
          intervalMinutes: command.intervalMinutes ?? current.intervalMinutes,
          graceMinutes: command.graceMinutes ?? current.graceMinutes,
        },
        command,
      );
      return sameSettings(next, current) ? [] : [{ type: 'HeartbeatChanged', data: { heartbeatId, ...next } }];
    }
    case 'RotateHeartbeatToken':
      return [
        {
          type: 'HeartbeatTokenRotated',
          data: { heartbeatId, tokenHash: command.tokenHash, tokenHint: command.tokenHint },
        },
      ];
    case 'DeleteHeartbeat':
      return [{ type: 'HeartbeatDeleted', data: { heartbeatId } }];
    case 'RecordHeartbeatBeat': {
      const { at } = command;
      if (state.missedAt !== null) {
        const missedAt = state.missedAt;
        return [
          { type: 'HeartbeatBeat', data: { heartbeatId, at } },
          { type: 'HeartbeatRecovered', data: { heartbeatId, at, missedAt } },
        ];
      }
      const last = state.lastBeatAt ? Date.parse(state.lastBeatAt) : null;
      if (last !== null && Date.parse(at) - last < HEARTBEAT_BEAT_RESOLUTION_MS) return [];
      return [{ type: 'HeartbeatBeat', data: { heartbeatId, at } }];
    }
    case 'CheckHeartbeat': {
      const dueAt = heartbeatDueAt(state);
      if (state.missedAt !== null || dueAt === null || dueAt > Date.parse(command.at)) return [];
      const data = { heartbeatId, at: command.at, dueAt: new Date(dueAt).toISOString(), lastBeatAt: state.lastBeatAt };
      return [{ type: 'HeartbeatMissed', data }];
    }
  }
}
