import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { CreateOnCallSchedule, OnCallScheduleCommand } from './commands';
import { decideOnCallSchedule } from './decide';
import type { OnCallScheduleEvent } from './events';
import type { ScheduleDefinition, ScheduleLayer } from './model';
import { evolveOnCallSchedule, initialOnCallSchedule, type OnCallScheduleState } from './state';

const schedule = deciderSpec<OnCallScheduleState, OnCallScheduleCommand, OnCallScheduleEvent>({
  initial: initialOnCallSchedule,
  evolve: evolveOnCallSchedule,
  decide: decideOnCallSchedule,
});

const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const fields = (expected: Record<string, string[]>) => (error: unknown) =>
  expect((error as DomainError).fields).toEqual(expected);

const layer: ScheduleLayer = {
  id: 'l1',
  name: ' Weekly ',
  rotation: {
    slots: [['u1'], ['u2']],
    shift: { unit: 'weeks', count: 1 },
    handoffTime: '09:00',
    startDate: '2026-03-02',
    restrictions: [],
  },
  endsAt: null,
};
const on = { scheduleId: 's1', orgId: 'o1', teamId: 't1' };
const create: CreateOnCallSchedule = {
  type: 'CreateOnCallSchedule',
  ...on,
  name: ' Primary ',
  timeZone: 'America/New_York',
  layers: [layer],
  knownUsers: ['u1', 'u2', 'u3'],
};
const definition: ScheduleDefinition = {
  timeZone: 'America/New_York',
  layers: [{ ...layer, name: 'Weekly' }],
  overrides: [],
  temporarySchedules: [],
};
const created: OnCallScheduleEvent = {
  type: 'OnCallScheduleCreated',
  data: { scheduleId: 's1', orgId: 'o1', teamId: 't1', name: 'Primary', definition },
};
const override = {
  id: 'ov1',
  kind: 'replace' as const,
  start: '2026-03-08T13:00:00Z',
  end: '2026-03-08T18:00:00Z',
  userId: 'u3',
  replacesUserId: 'u2',
};

describe('on-call schedule decider', () => {
  it('creates a schedule whose event carries the whole definition', () => {
    schedule.given([]).when(create).then([created]);
  });

  it('names bad fields as the API spells them, and treats a stranger as not found', () => {
    schedule
      .given([])
      .when({
        ...create,
        name: ' ',
        timeZone: 'Mars/Base',
        layers: [{ ...layer, rotation: { ...layer.rotation, handoffTime: '24:00' } }],
      })
      .thenThrows(
        fields({
          name: ['name is a required field'],
          time_zone: ['time_zone must be an IANA time zone, like Europe/London or America/New_York'],
          'layers[0].rotation.handoff_time': [
            'layers[0].rotation.handoff_time must be a time of day as HH:mm, from 00:00 to 23:59',
          ],
        }),
      );
    schedule
      .given([])
      .when({ ...create, knownUsers: ['u1'] })
      .thenThrows(code('not_found'));
  });

  it('keeps the whole definition in each change, so the history is a fold of the log', () => {
    schedule
      .given([created])
      .when({ type: 'AddScheduleOverride', ...on, override, knownUsers: ['u2', 'u3'] })
      .then([
        {
          type: 'ScheduleOverrideAdded',
          data: {
            scheduleId: 's1',
            teamId: 't1',
            override: { ...override, start: '2026-03-08T13:00:00.000Z', end: '2026-03-08T18:00:00.000Z' },
            definition: {
              ...definition,
              overrides: [{ ...override, start: '2026-03-08T13:00:00.000Z', end: '2026-03-08T18:00:00.000Z' }],
            },
          },
        },
      ]);
    schedule
      .given([created])
      .when({
        type: 'AddScheduleOverride',
        ...on,
        override: { ...override, end: override.start },
        knownUsers: ['u2', 'u3'],
      })
      .thenThrows(fields({ end: ['end must be after start'] }));
    schedule
      .given([created])
      .when({ type: 'ChangeOnCallSchedule', ...on, name: 'Primary', knownUsers: [] })
      .thenNothingHappened();
  });

  it('turns a swap taken into a replace override, and refuses taking one’s own', () => {
    const asked: OnCallScheduleEvent = {
      type: 'ShiftSwapRequested',
      data: {
        scheduleId: 's1',
        teamId: 't1',
        swapId: 'w1',
        requesterId: 'u2',
        start: '2026-03-10T00:00:00.000Z',
        end: '2026-03-11T00:00:00.000Z',
        note: '',
      },
    };
    const take = {
      type: 'TakeShiftSwap' as const,
      ...on,
      swapId: 'w1',
      assignedBy: null,
      overrideId: 'ov9',
      knownUsers: ['u3'],
    };
    schedule
      .given([created, asked])
      .when({ ...take, takerId: 'u3' })
      .then([
        {
          type: 'ShiftSwapTaken',
          data: {
            scheduleId: 's1',
            teamId: 't1',
            swapId: 'w1',
            takerId: 'u3',
            assignedBy: null,
            override: {
              id: 'ov9',
              kind: 'replace',
              start: asked.data.start,
              end: asked.data.end,
              userId: 'u3',
              replacesUserId: 'u2',
            },
            definition: {
              ...definition,
              overrides: [
                {
                  id: 'ov9',
                  kind: 'replace',
                  start: asked.data.start,
                  end: asked.data.end,
                  userId: 'u3',
                  replacesUserId: 'u2',
                },
              ],
            },
          },
        },
      ]);
    schedule
      .given([created, asked])
      .when({ ...take, takerId: 'u2', knownUsers: ['u2'] })
      .thenThrows(code('invalid'));
  });

  it('treats another organization or team as not found, and refuses deleting a schedule a policy pages', () => {
    const rename = { type: 'ChangeOnCallSchedule' as const, ...on, name: 'x', knownUsers: [] };
    schedule
      .given([created])
      .when({ ...rename, orgId: 'o2' })
      .thenThrows(code('not_found'));
    schedule
      .given([created])
      .when({ ...rename, teamId: 't2' })
      .thenThrows(code('not_found'));
    schedule
      .given([created])
      .when({ type: 'DeleteOnCallSchedule', ...on, usedBy: ['escalation policy "Primary"'] })
      .thenThrows((error) => {
        expect((error as DomainError).code).toBe('conflict');
        expect((error as DomainError).message).toContain('escalation policy "Primary"');
      });
  });
});
