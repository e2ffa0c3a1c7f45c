import { SCHEDULE_LIMITS, snakeCasePath } from './field-rules';
import type { ScheduleDefinition, ScheduleLayer, TemporarySchedule } from './model';
import { overrideErrors, scheduleWindowErrors, temporaryScheduleErrors } from './range-validation';
import { scheduleDefinitionErrors } from './validation';

const layer = (rotation: Record<string, unknown> = {}, more: Record<string, unknown> = {}): ScheduleLayer =>
  ({
    id: 'L',
    name: 'Primary',
    endsAt: null,
    rotation: {
      slots: [['a'], ['b']],
      shift: { unit: 'weeks', count: 1 },
      handoffTime: '09:00',
      startDate: '2026-03-02',
      restrictions: [],
      ...rotation,
    },
    ...more,
  }) as ScheduleLayer;

const valid = (more: Partial<ScheduleDefinition> = {}): ScheduleDefinition => ({
  timeZone: 'America/New_York',
  layers: [layer()],
  overrides: [],
  temporarySchedules: [],
  ...more,
});

describe('scheduleDefinitionErrors', () => {
  it('takes a valid schedule', () => {
    expect(scheduleDefinitionErrors(valid())).toEqual({});
    const restrictions = [
      { type: 'daily', startTime: '22:00', durationMinutes: 1440 },
      { type: 'weekly', startDay: 5, startTime: '18:00', durationMinutes: 7 * 1440 },
    ];
    expect(scheduleDefinitionErrors(valid({ layers: [layer({ restrictions })] }))).toEqual({});
  });

  it('refuses a zone that is not IANA, times and dates that are not, and shift counts out of bounds', () => {
    const errors = scheduleDefinitionErrors(
      valid({
        timeZone: 'EST5EDT-ish',
        layers: [layer({ handoffTime: '9:00', startDate: '2026-02-30', shift: { unit: 'hours', count: 8761 } })],
      }),
    );
    expect(errors).toEqual({
      timeZone: ['timeZone must be an IANA time zone, like Europe/London or America/New_York'],
      'layers[0].rotation.handoffTime': [
        'layers[0].rotation.handoffTime must be a time of day as HH:mm, from 00:00 to 23:59',
      ],
      'layers[0].rotation.startDate': ['layers[0].rotation.startDate must be a date as YYYY-MM-DD'],
      'layers[0].rotation.shift.count': [
        'layers[0].rotation.shift.count must be a whole number of hours from 1 to 8760',
      ],
    });
    const months = scheduleDefinitionErrors(valid({ layers: [layer({ shift: { unit: 'months', count: 0 } })] }));
    expect(months['layers[0].rotation.shift.count']).toEqual([
      'layers[0].rotation.shift.count must be a whole number of months from 1 to 12',
    ]);
    const unit = scheduleDefinitionErrors(valid({ layers: [layer({ shift: { unit: 'fortnights', count: 1 } })] }));
    expect(unit['layers[0].rotation.shift.unit']).toEqual([
      'layers[0].rotation.shift.unit must be one of hours, days, weeks, months',
    ]);
  });

  it('refuses empty slots, a person twice in a slot, and too many layers', () => {
    const errors = scheduleDefinitionErrors(valid({ layers: [layer({ slots: [['a', 'a'], []] })] }));
    expect(errors).toEqual({
      'layers[0].rotation.slots[0][1]': ['layers[0].rotation.slots[0] names the same person twice'],
      'layers[0].rotation.slots[1]': ['layers[0].rotation.slots[1] must hold at least one person'],
    });
    expect(scheduleDefinitionErrors(valid({ layers: [layer({ slots: [] })] }))).toEqual({
      'layers[0].rotation.slots': ['layers[0].rotation.slots must hold at least one slot'],
    });
    const many = Array.from({ length: SCHEDULE_LIMITS.layers + 1 }, (_, i) => layer({}, { id: `L${i}` }));
    expect(scheduleDefinitionErrors(valid({ layers: many }))).toEqual({
      layers: ['layers must hold at most 10 layers'],
    });
    const twice = scheduleDefinitionErrors(valid({ layers: [layer(), layer()] }));
    expect(twice).toEqual({ 'layers[1].id': ['layers names the same layer id twice'] });
  });

  it('bounds restrictions: a day for a daily window, a week for a weekly one, a weekday from 1 to 7', () => {
    const restrictions = [
      { type: 'daily', startTime: '22:00', durationMinutes: 1441 },
      { type: 'weekly', startDay: 0, startTime: '18:00', durationMinutes: 0 },
      { type: 'monthly', startTime: '18:00', durationMinutes: 10 },
    ];
    expect(scheduleDefinitionErrors(valid({ layers: [layer({ restrictions })] }))).toEqual({
      'layers[0].rotation.restrictions[0].durationMinutes': [
        'layers[0].rotation.restrictions[0].durationMinutes must be an ISO-8601 duration in whole minutes from PT1M to PT24H',
      ],
      'layers[0].rotation.restrictions[1].startDay': [
        'layers[0].rotation.restrictions[1].startDay must be a day of the week from 1 (Monday) to 7 (Sunday)',
      ],
      'layers[0].rotation.restrictions[1].durationMinutes': [
        'layers[0].rotation.restrictions[1].durationMinutes must be an ISO-8601 duration in whole minutes from PT1M to PT168H',
      ],
      'layers[0].rotation.restrictions[2].type': [
        'layers[0].rotation.restrictions[2].type must be one of daily, weekly',
      ],
    });
  });

  it('names fields as the request spells them and takes anything without throwing', () => {
    expect(scheduleDefinitionErrors({ ...valid(), timeZone: 7 }, snakeCasePath)).toEqual({
      time_zone: ['time_zone must be an IANA time zone, like Europe/London or America/New_York'],
    });
    expect(scheduleDefinitionErrors(null)).toEqual({ definition: ['definition must be an object'] });
    expect(scheduleDefinitionErrors({ timeZone: 'UTC', layers: 'x' })).toEqual({ layers: ['layers must be a list'] });
    expect(scheduleDefinitionErrors({ timeZone: 'UTC', layers: [null, { rotation: 3 }] })).toEqual({
      'layers[0]': ['layers[0] must be an object'],
      'layers[1].id': ['layers[1].id is a required field'],
      'layers[1].name': ['layers[1].name is a required field'],
      'layers[1].rotation': ['layers[1].rotation must be an object'],
    });
  });
});

describe('overrideErrors', () => {
  const base = { id: 'o1', start: '2026-03-08T05:00:00Z', end: '2026-03-08T09:00:00Z' };

  it('takes each kind with the people it needs', () => {
    expect(overrideErrors({ ...base, kind: 'add', userId: 'x', replacesUserId: null })).toEqual({});
    expect(overrideErrors({ ...base, kind: 'remove', userId: null, replacesUserId: 'a' })).toEqual({});
    expect(overrideErrors({ ...base, kind: 'replace', userId: 'x', replacesUserId: 'a' })).toEqual({});
  });

  it('refuses a kind without its people, with a person it does not take, or replacing someone by themselves', () => {
    expect(overrideErrors({ ...base, kind: 'add', userId: null, replacesUserId: 'a' })).toEqual({
      'override.userId': ['override.userId is a required field'],
      'override.replacesUserId': ['override.replacesUserId must be empty when kind is add'],
    });
    expect(overrideErrors({ ...base, kind: 'remove', userId: null, replacesUserId: '' })).toEqual({
      'override.replacesUserId': ['override.replacesUserId is a required field'],
    });
    expect(overrideErrors({ ...base, kind: 'replace', userId: 'a', replacesUserId: 'a' })).toEqual({
      'override.userId': ['override.userId must be someone other than the person replaced'],
    });
    expect(overrideErrors({ ...base, kind: 'swap', userId: 'a', replacesUserId: 'b' })).toEqual({
      'override.kind': ['override.kind must be one of add, remove, replace'],
    });
  });

  it('refuses an end not after the start, and instants without an offset', () => {
    expect(overrideErrors({ ...base, end: base.start, kind: 'add', userId: 'x', replacesUserId: null })).toEqual({
      'override.end': ['override.end must be after override.start'],
    });
    expect(
      overrideErrors({ ...base, start: '2026-03-08 05:00', kind: 'add', userId: 'x', replacesUserId: null }),
    ).toEqual({
      'override.start': ['override.start must be a date and time with its offset, like 2026-03-08T07:00:00Z'],
    });
  });
});

describe('temporaryScheduleErrors', () => {
  const temporary = (shifts: TemporarySchedule['shifts'], allowGaps = false): TemporarySchedule => ({
    id: 't1',
    start: '2026-03-08T05:00:00.000Z',
    end: '2026-03-08T17:00:00.000Z',
    allowGaps,
    shifts,
  });
  const shift = (start: string, end: string, userIds = ['a']) => ({ start, end, userIds });

  it('refuses a gap unless gaps are allowed, saying where in the schedule’s zone', () => {
    const gappy = temporary([
      shift('2026-03-08T05:00:00Z', '2026-03-08T06:00:00Z'),
      shift('2026-03-08T07:00:00Z', '2026-03-08T17:00:00Z'),
    ]);
    // 06:00Z is 01:00 EST; 07:00Z is 03:00 EDT (the clocks skipped 02:00 to 03:00)
    expect(temporaryScheduleErrors(gappy, 'America/New_York')).toEqual({
      'temporarySchedule.shifts': [
        'temporarySchedule.shifts leave nobody on call from 2026-03-08 01:00 to 2026-03-08 03:00 (America/New_York): add a shift there, or allow gaps',
      ],
    });
    expect(temporaryScheduleErrors({ ...gappy, allowGaps: true }, 'America/New_York')).toEqual({});
  });

  it('refuses shifts outside its window, overlapping shifts and a shift naming nobody', () => {
    const errors = temporaryScheduleErrors(
      temporary(
        [
          shift('2026-03-08T04:00:00Z', '2026-03-08T06:00:00Z'),
          shift('2026-03-08T06:00:00Z', '2026-03-08T12:00:00Z'),
          shift('2026-03-08T11:00:00Z', '2026-03-08T17:00:00Z'),
          shift('2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z', []),
        ],
        true,
      ),
      'UTC',
    );
    expect(errors).toEqual({
      'temporarySchedule.shifts[0]': [
        'temporarySchedule.shifts[0] must lie inside the temporary schedule, from 2026-03-08 05:00 to 2026-03-08 17:00 (UTC)',
      ],
      'temporarySchedule.shifts[2]': [
        'temporarySchedule.shifts[2] overlaps temporarySchedule.shifts[1]: one shift at a time, with everyone on call together in it',
      ],
      'temporarySchedule.shifts[3].userIds': ['temporarySchedule.shifts[3].userIds must hold at least one person'],
    });
  });

  it('refuses two temporary schedules over the same time', () => {
    const one = temporary([shift('2026-03-08T05:00:00Z', '2026-03-08T17:00:00Z')]);
    const errors = scheduleDefinitionErrors(valid({ temporarySchedules: [one, { ...one, id: 't2' }] }));
    expect(errors).toEqual({
      'temporarySchedules[1]': [
        'temporarySchedules[1] overlaps temporarySchedules[0]: one temporary schedule at a time',
      ],
    });
  });
});

describe('scheduleWindowErrors', () => {
  it('takes up to 400 days and refuses more, or an end before the start', () => {
    expect(scheduleWindowErrors({ from: '2026-01-01T00:00:00Z', to: '2027-02-05T00:00:00Z' })).toEqual({});
    expect(scheduleWindowErrors({ from: '2026-01-01T00:00:00Z', to: '2027-02-06T00:00:01Z' })).toEqual({
      to: ['to must be at most 400 days after from: ask for a shorter window'],
    });
    expect(scheduleWindowErrors({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toEqual({
      to: ['to must be after from'],
    });
    expect(scheduleWindowErrors({ from: 'yesterday', to: undefined })).toEqual({
      from: ['from must be a date and time with its offset, like 2026-03-08T07:00:00Z'],
      to: ['to must be a date and time with its offset, like 2026-03-08T07:00:00Z'],
    });
  });
});
