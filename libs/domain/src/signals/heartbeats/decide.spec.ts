import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { CreateHeartbeat, HeartbeatCommand } from './commands';
import { decideHeartbeat, HEARTBEAT_GRACE_MESSAGE, HEARTBEAT_INTERVAL_MESSAGE } from './decide';
import type { HeartbeatCreated, HeartbeatEvent } from './events';
import { evolveHeartbeat, initialHeartbeat, type HeartbeatState } from './state';

const heartbeat = deciderSpec<HeartbeatState, HeartbeatCommand, HeartbeatEvent>({
  initial: initialHeartbeat,
  evolve: evolveHeartbeat,
  decide: decideHeartbeat,
});
const T0 = '2026-11-27T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const create = (extra: Partial<CreateHeartbeat> = {}): CreateHeartbeat => ({
  type: 'CreateHeartbeat',
  heartbeatId: 'h1',
  orgId: 'org-1',
  name: ' Nightly backup ',
  teamId: 't1',
  intervalMinutes: 5,
  tokenHash: 'hash',
  tokenHint: 'abcd',
  at: T0,
  teamFound: true,
  policyFound: false,
  ...extra,
});
const created: HeartbeatCreated = {
  type: 'HeartbeatCreated',
  data: {
    heartbeatId: 'h1',
    orgId: 'org-1',
    tokenHash: 'hash',
    tokenHint: 'abcd',
    at: T0,
    name: 'Nightly backup',
    teamId: 't1',
    escalationPolicyId: null,
    intervalMinutes: 5,
    graceMinutes: 1,
  },
};
const check = (minutes: number): HeartbeatCommand => ({
  type: 'CheckHeartbeat',
  heartbeatId: 'h1',
  orgId: 'org-1',
  at: at(minutes),
});
const beat = (minutes: number): HeartbeatCommand => ({
  type: 'RecordHeartbeatBeat',
  heartbeatId: 'h1',
  orgId: 'org-1',
  at: at(minutes),
});

describe('heartbeat decider', () => {
  it('creates with a minute of grace unless set, the name trimmed', () =>
    heartbeat.given([]).when(create()).then([created]));

  it('refuses bad settings, every field at once', () =>
    heartbeat
      .given([])
      .when(create({ name: ' ', intervalMinutes: 0, graceMinutes: 1441, teamFound: false }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({
          name: ['name is a required field'],
          team_id: ['team_id must be a team of the organization'],
          interval: [HEARTBEAT_INTERVAL_MESSAGE],
          grace_period: [HEARTBEAT_GRACE_MESSAGE],
        }),
      ));

  it('misses when no beat came within interval + grace of the creation, once', () => {
    heartbeat.given([created]).when(check(5)).thenNothingHappened();
    heartbeat
      .given([created])
      .when(check(6))
      .then([{ type: 'HeartbeatMissed', data: { heartbeatId: 'h1', at: at(6), dueAt: at(6), lastBeatAt: null } }]);
    heartbeat
      .given([
        created,
        { type: 'HeartbeatMissed', data: { heartbeatId: 'h1', at: at(6), dueAt: at(6), lastBeatAt: null } },
      ])
      .when(check(7))
      .thenNothingHappened();
  });

  it('counts from the last beat, and recovers on the first beat after a miss', () => {
    const beaten: HeartbeatEvent = { type: 'HeartbeatBeat', data: { heartbeatId: 'h1', at: at(4) } };
    heartbeat.given([created, beaten]).when(check(9)).thenNothingHappened();
    const missed: HeartbeatEvent = {
      type: 'HeartbeatMissed',
      data: { heartbeatId: 'h1', at: at(10), dueAt: at(10), lastBeatAt: at(4) },
    };
    heartbeat.given([created, beaten]).when(check(10)).then([missed]);
    heartbeat
      .given([created, beaten, missed])
      .when(beat(12))
      .then([
        { type: 'HeartbeatBeat', data: { heartbeatId: 'h1', at: at(12) } },
        { type: 'HeartbeatRecovered', data: { heartbeatId: 'h1', at: at(12), missedAt: at(10) } },
      ]);
  });

  it('records nothing for pings a few seconds after the last beat', () =>
    heartbeat
      .given([created, { type: 'HeartbeatBeat', data: { heartbeatId: 'h1', at: at(1) } }])
      .when(beat(1.1))
      .thenNothingHappened());

  it("answers another organization's heartbeat as not found", () =>
    heartbeat
      .given([created])
      .when({ type: 'DeleteHeartbeat', heartbeatId: 'h1', orgId: 'org-2' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found')));
});
