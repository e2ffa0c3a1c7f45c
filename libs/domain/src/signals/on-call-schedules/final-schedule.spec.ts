import { DateTime } from 'luxon';
import { computeSchedule } from './final-schedule';
import type {
  ComputedSchedule,
  FinalShift,
  Rotation,
  ScheduleDefinition,
  ScheduleInput,
  ScheduleLayer,
  ScheduleOverride,
} from './model';

// Every expected instant below is worked out by hand from the zone's rules (noted beside it), never taken
// from the function's own output.

const layer = (id: string, rotation: Partial<Rotation>, endsAt: string | null = null): ScheduleLayer => ({
  id,
  name: id,
  endsAt,
  rotation: {
    slots: [['a'], ['b']],
    shift: { unit: 'days', count: 1 },
    handoffTime: '09:00',
    startDate: '2026-01-01',
    restrictions: [],
    ...rotation,
  },
});

const definition = (
  timeZone: string,
  layers: ScheduleLayer[],
  more: Partial<ScheduleDefinition> = {},
): ScheduleDefinition => ({
  timeZone,
  layers,
  overrides: [],
  temporarySchedules: [],
  ...more,
});

const schedule = (def: ScheduleDefinition, removals: ScheduleInput['removals'] = []): ScheduleInput => ({
  versions: [{ from: '2020-01-01T00:00:00.000Z', definition: def }],
  removals,
});

const z = (text: string) => new Date(text).toISOString();
const compute = (input: ScheduleInput, from: string, to: string) =>
  computeSchedule(input, { from: z(from), to: z(to) });

/** A layer's shifts as [start, end, people, shift number, length change]. */
const shiftsOf = (result: ComputedSchedule, layerId = 'L') =>
  result.layers
    .filter((shift) => shift.layerId === layerId)
    .map((s) => [s.start, s.end, s.userIds.join('+'), s.shiftNumber, s.lengthChangeMinutes]);

/** The final line as [start, end, people]. */
const line = (final: FinalShift[]) => final.map((s) => [s.start, s.end, s.userIds.join('+')]);

describe('computeSchedule: daylight saving', () => {
  it('hands off at a skipped local time at the first valid moment after it (02:30, New York, 8 March 2026)', () => {
    const input = schedule(
      definition('America/New_York', [layer('L', { handoffTime: '02:30', startDate: '2026-03-01' })]),
    );
    const result = compute(input, '2026-03-07T00:00Z', '2026-03-10T00:00Z');
    expect(shiftsOf(result)).toEqual([
      [z('2026-03-07T00:00Z'), z('2026-03-07T07:30Z'), 'b', 5, 0],
      // Sat 7 March 02:30 EST (UTC-5) = 07:30Z; Sun 8 March 02:30 does not exist: 03:00 EDT = 07:00Z
      [z('2026-03-07T07:30Z'), z('2026-03-08T07:00Z'), 'a', 6, -30],
      // Mon 9 March 02:30 EDT (UTC-4) = 06:30Z: this shift is 23 h 30 min too
      [z('2026-03-08T07:00Z'), z('2026-03-09T06:30Z'), 'b', 7, -30],
      [z('2026-03-09T06:30Z'), z('2026-03-10T00:00Z'), 'a', 8, 0],
    ]);
  });

  it('hands off at the first occurrence of a repeated time (01:30, New York, 1 November 2026)', () => {
    const input = schedule(
      definition('America/New_York', [layer('L', { handoffTime: '01:30', startDate: '2026-10-30' })]),
    );
    const result = compute(input, '2026-10-31T00:00Z', '2026-11-03T00:00Z');
    expect(shiftsOf(result)).toEqual([
      [z('2026-10-31T00:00Z'), z('2026-10-31T05:30Z'), 'a', 0, 0],
      // Sat 31 Oct 01:30 EDT = 05:30Z; Sun 1 Nov 01:30 first (EDT) = 05:30Z; Mon 2 Nov 01:30 EST = 06:30Z
      [z('2026-10-31T05:30Z'), z('2026-11-01T05:30Z'), 'b', 1, 0],
      [z('2026-11-01T05:30Z'), z('2026-11-02T06:30Z'), 'a', 2, 60],
      [z('2026-11-02T06:30Z'), z('2026-11-03T00:00Z'), 'b', 3, 0],
    ]);
  });

  it('keeps a 24-hour shift at its wall-clock hand-off across both changes, 23 and 25 hours long, and says so', () => {
    const rotation = { shift: { unit: 'hours' as const, count: 24 }, startDate: '2026-03-01', slots: [['a']] };
    const input = schedule(definition('America/New_York', [layer('L', rotation)]));
    const spring = compute(input, '2026-03-07T14:00Z', '2026-03-09T14:00Z');
    expect(shiftsOf(spring)).toEqual([
      [z('2026-03-07T14:00Z'), z('2026-03-08T13:00Z'), 'a', 6, -60], // 09:00 EST -> 09:00 EDT
      [z('2026-03-08T13:00Z'), z('2026-03-09T13:00Z'), 'a', 7, 0],
      [z('2026-03-09T13:00Z'), z('2026-03-09T14:00Z'), 'a', 8, 0],
    ]);
    const fall = compute(input, '2026-10-31T13:00Z', '2026-11-01T14:00Z');
    expect(shiftsOf(fall)).toEqual([[z('2026-10-31T13:00Z'), z('2026-11-01T14:00Z'), 'a', 244, 60]]);
    // the final line: one person, so one stretch, 25 hours, 60 minutes longer than its wall-clock length
    expect(fall.final).toHaveLength(1);
    expect(fall.final[0].lengthChangeMinutes).toBe(60);
  });

  it('keeps a 7-day shift at Monday 09:00 across both changes (167 and 169 hours)', () => {
    const input = schedule(
      definition('America/New_York', [layer('L', { shift: { unit: 'weeks', count: 1 }, startDate: '2026-03-02' })]),
    );
    const spring = compute(input, '2026-03-02T14:00Z', '2026-03-16T13:00Z');
    expect(shiftsOf(spring)).toEqual([
      [z('2026-03-02T14:00Z'), z('2026-03-09T13:00Z'), 'a', 0, -60],
      [z('2026-03-09T13:00Z'), z('2026-03-16T13:00Z'), 'b', 1, 0],
    ]);
    // 2 March to 26 October is 238 days, 34 weeks: shift 34, slot 0
    const fall = compute(input, '2026-10-26T13:00Z', '2026-11-02T14:00Z');
    expect(shiftsOf(fall)).toEqual([[z('2026-10-26T13:00Z'), z('2026-11-02T14:00Z'), 'a', 34, 60]]);
    const days = schedule(
      definition('America/New_York', [layer('L', { shift: { unit: 'days', count: 7 }, startDate: '2026-03-02' })]),
    );
    expect(shiftsOf(compute(days, '2026-03-02T14:00Z', '2026-03-16T13:00Z'))).toEqual(shiftsOf(spring));
  });

  it('a schedule in UTC seen from Europe/London: 24-hour shifts at 09:00Z, 10:00 in London after 29 March', () => {
    const input = schedule(definition('UTC', [layer('L', { startDate: '2026-03-27' })]));
    const result = compute(input, '2026-03-28T09:00Z', '2026-03-30T09:00Z');
    expect(shiftsOf(result)).toEqual([
      [z('2026-03-28T09:00Z'), z('2026-03-29T09:00Z'), 'b', 1, 0],
      [z('2026-03-29T09:00Z'), z('2026-03-30T09:00Z'), 'a', 2, 0],
    ]);
    const london = result.final.map((s) => DateTime.fromISO(s.start, { zone: 'Europe/London' }).toFormat('HH:mm'));
    expect(london).toEqual(['09:00', '10:00']);
  });

  it('Asia/Kolkata seen from US Central: 09:00 IST is 03:30Z every day, 21:30 then 22:30 in Chicago', () => {
    const input = schedule(definition('Asia/Kolkata', [layer('L', { startDate: '2026-03-06' })]));
    const result = compute(input, '2026-03-07T03:30Z', '2026-03-09T03:30Z');
    expect(shiftsOf(result)).toEqual([
      [z('2026-03-07T03:30Z'), z('2026-03-08T03:30Z'), 'b', 1, 0],
      [z('2026-03-08T03:30Z'), z('2026-03-09T03:30Z'), 'a', 2, 0],
    ]);
    const chicago = result.final.map((s) =>
      DateTime.fromISO(s.start, { zone: 'America/Chicago' }).toFormat('dd HH:mm'),
    );
    expect(chicago).toEqual(['06 21:30', '07 21:30']); // Chicago changes at 08:00Z on the 8th
    const after = compute(input, '2026-03-09T03:30Z', '2026-03-10T03:30Z');
    expect(DateTime.fromISO(after.final[0].start, { zone: 'America/Chicago' }).toFormat('dd HH:mm')).toBe('08 22:30');
  });

  it('US and EU change on different weekends: New York moves on 8 March, Berlin on 29 March', () => {
    const ny = schedule(definition('America/New_York', [layer('L', { startDate: '2026-03-01', slots: [['a']] })]));
    const berlin = schedule(definition('Europe/Berlin', [layer('L', { startDate: '2026-03-01', slots: [['a']] })]));
    const starts = (input: ScheduleInput) =>
      compute(input, '2026-03-06T00:00Z', '2026-03-31T00:00Z').layers.map((s) => s.start.slice(5, 16));
    const nyStarts = starts(ny);
    const berlinStarts = starts(berlin);
    // 09:00 EST = 14:00Z up to 7 March, 09:00 EDT = 13:00Z from 8 March
    expect(nyStarts.slice(0, 4)).toEqual(['03-06T00:00', '03-06T14:00', '03-07T14:00', '03-08T13:00']);
    expect(nyStarts.slice(-1)).toEqual(['03-30T13:00']);
    // 09:00 CET = 08:00Z up to 28 March, 09:00 CEST = 07:00Z from 29 March
    expect(berlinStarts.slice(1, 3)).toEqual(['03-06T08:00', '03-07T08:00']);
    expect(berlinStarts.slice(-3)).toEqual(['03-28T08:00', '03-29T07:00', '03-30T07:00']);
    const berlinShifts = compute(berlin, '2026-03-28T08:00Z', '2026-03-30T07:00Z').layers;
    expect(berlinShifts.map((s) => s.lengthChangeMinutes)).toEqual([-60, 0]);
  });

  it("Australia/Lord_Howe's 30-minute changes: 23 h 30 min and 24 h 30 min shifts, a skipped 02:15, a repeated 01:45", () => {
    const input = schedule(
      definition('Australia/Lord_Howe', [layer('L', { startDate: '2026-01-01', slots: [['a']] })]),
    );
    // 4 Oct 2026 02:00 LHST (UTC+10:30) became 02:30 LHDT (UTC+11): 09:00 is 22:30Z the day before, then 22:00Z
    const october = compute(input, '2026-10-02T22:30Z', '2026-10-04T22:00Z');
    expect(october.layers.map((s) => [s.start, s.end, s.lengthChangeMinutes])).toEqual([
      [z('2026-10-02T22:30Z'), z('2026-10-03T22:00Z'), -30],
      [z('2026-10-03T22:00Z'), z('2026-10-04T22:00Z'), 0],
    ]);
    // 5 Apr 2026 02:00 LHDT went back to 01:30 LHST
    const april = compute(input, '2026-04-03T22:00Z', '2026-04-05T22:30Z');
    expect(april.layers.map((s) => [s.start, s.end, s.lengthChangeMinutes])).toEqual([
      [z('2026-04-03T22:00Z'), z('2026-04-04T22:30Z'), 30],
      [z('2026-04-04T22:30Z'), z('2026-04-05T22:30Z'), 0],
    ]);
    const skipped = schedule(
      definition('Australia/Lord_Howe', [
        layer('L', { handoffTime: '02:15', startDate: '2026-10-01', slots: [['a'], ['b']] }),
      ]),
    );
    // 3 Oct 02:15 LHST = 2 Oct 15:45Z; 4 Oct 02:15 does not exist: 02:30 LHDT = 3 Oct 15:30Z
    expect(shiftsOf(compute(skipped, '2026-10-02T15:45Z', '2026-10-04T15:15Z'))).toEqual([
      [z('2026-10-02T15:45Z'), z('2026-10-03T15:30Z'), 'a', 2, -15],
      [z('2026-10-03T15:30Z'), z('2026-10-04T15:15Z'), 'b', 3, -15],
    ]);
    const repeated = schedule(
      definition('Australia/Lord_Howe', [
        layer('L', { handoffTime: '01:45', startDate: '2026-04-01', slots: [['a'], ['b']] }),
      ]),
    );
    // 5 Apr 01:45 first occurs at LHDT (UTC+11) = 4 Apr 14:45Z; 6 Apr 01:45 LHST = 5 Apr 15:15Z
    expect(shiftsOf(compute(repeated, '2026-04-04T14:45Z', '2026-04-05T15:15Z'))).toEqual([
      [z('2026-04-04T14:45Z'), z('2026-04-05T15:15Z'), 'a', 4, 30],
    ]);
  });

  it('a restriction across midnight on a change night is 7 hours in spring and 9 in autumn', () => {
    const nights = { type: 'daily' as const, startTime: '22:00', durationMinutes: 8 * 60 };
    const input = schedule(
      definition('America/New_York', [layer('L', { slots: [['n']], startDate: '2026-03-01', restrictions: [nights] })]),
    );
    const spring = compute(input, '2026-03-07T00:00Z', '2026-03-09T00:00Z');
    expect(shiftsOf(spring)).toEqual([
      [z('2026-03-07T03:00Z'), z('2026-03-07T11:00Z'), 'n', 5, 0], // 6 Mar 22:00 EST -> 7 Mar 06:00 EST
      [z('2026-03-08T03:00Z'), z('2026-03-08T10:00Z'), 'n', 6, -60], // 7 Mar 22:00 EST -> 8 Mar 06:00 EDT
    ]);
    expect(line(spring.final)).toEqual([
      [z('2026-03-07T00:00Z'), z('2026-03-07T03:00Z'), ''],
      [z('2026-03-07T03:00Z'), z('2026-03-07T11:00Z'), 'n'],
      [z('2026-03-07T11:00Z'), z('2026-03-08T03:00Z'), ''],
      [z('2026-03-08T03:00Z'), z('2026-03-08T10:00Z'), 'n'],
      [z('2026-03-08T10:00Z'), z('2026-03-09T00:00Z'), ''],
    ]);
    const fall = compute(input, '2026-11-01T00:00Z', '2026-11-02T00:00Z');
    // 31 Oct 22:00 EDT = 1 Nov 02:00Z -> 1 Nov 06:00 EST = 11:00Z
    expect(shiftsOf(fall)).toEqual([[z('2026-11-01T02:00Z'), z('2026-11-01T11:00Z'), 'n', 244, 60]]);
  });
});

describe('computeSchedule: more wall-clock cases', () => {
  it('hourly hand-offs through the repeated hour: 01:30 is taken once, so that shift is two hours', () => {
    const input = schedule(
      definition('America/New_York', [
        layer('L', { shift: { unit: 'hours', count: 1 }, handoffTime: '00:30', startDate: '2026-11-01' }),
      ]),
    );
    // 00:30 EDT = 04:30Z, 01:30 EDT (first) = 05:30Z, 02:30 EST = 07:30Z, 03:30 EST = 08:30Z
    expect(shiftsOf(compute(input, '2026-11-01T04:30Z', '2026-11-01T08:30Z'))).toEqual([
      [z('2026-11-01T04:30Z'), z('2026-11-01T05:30Z'), 'a', 0, 0],
      [z('2026-11-01T05:30Z'), z('2026-11-01T07:30Z'), 'b', 1, 60],
      [z('2026-11-01T07:30Z'), z('2026-11-01T08:30Z'), 'a', 2, 0],
    ]);
  });

  it('a weekly restriction over the weekend the EU changes: Friday 18:00 to Monday 09:00 is 62 hours', () => {
    const weekend = { type: 'weekly' as const, startDay: 5 as const, startTime: '18:00', durationMinutes: 63 * 60 };
    const input = schedule(
      definition('Europe/Berlin', [layer('L', { slots: [['w']], startDate: '2026-03-02', restrictions: [weekend] })]),
    );
    const result = compute(input, '2026-03-27T00:00Z', '2026-03-31T00:00Z');
    // Fri 27 March 18:00 CET = 17:00Z (shift 25: 2 to 27 March); the hand-offs at 09:00 cut it; Mon 30 March 09:00 CEST = 07:00Z
    expect(shiftsOf(result)).toEqual([
      [z('2026-03-27T17:00Z'), z('2026-03-28T08:00Z'), 'w', 25, 0],
      [z('2026-03-28T08:00Z'), z('2026-03-29T07:00Z'), 'w', 26, -60],
      [z('2026-03-29T07:00Z'), z('2026-03-30T07:00Z'), 'w', 27, 0],
    ]);
    expect(line(result.final)).toEqual([
      [z('2026-03-27T00:00Z'), z('2026-03-27T17:00Z'), ''],
      [z('2026-03-27T17:00Z'), z('2026-03-30T07:00Z'), 'w'],
      [z('2026-03-30T07:00Z'), z('2026-03-31T00:00Z'), ''],
    ]);
    expect(result.final[1].lengthChangeMinutes).toBe(-60);
  });
});

describe('computeSchedule: monthly hand-offs on the 29th to 31st', () => {
  it('the 31st hands off on the last day of shorter months, at 09:00 in the zone', () => {
    const input = schedule(
      definition('America/New_York', [
        layer('L', { shift: { unit: 'months', count: 1 }, startDate: '2026-01-31', slots: [['a'], ['b'], ['c']] }),
      ]),
    );
    const result = compute(input, '2026-01-01T00:00Z', '2026-06-01T00:00Z');
    expect(shiftsOf(result)).toEqual([
      [z('2026-01-31T14:00Z'), z('2026-02-28T14:00Z'), 'a', 0, 0],
      [z('2026-02-28T14:00Z'), z('2026-03-31T13:00Z'), 'b', 1, -60],
      [z('2026-03-31T13:00Z'), z('2026-04-30T13:00Z'), 'c', 2, 0],
      [z('2026-04-30T13:00Z'), z('2026-05-31T13:00Z'), 'a', 3, 0],
      [z('2026-05-31T13:00Z'), z('2026-06-01T00:00Z'), 'b', 4, 0],
    ]);
    // nobody before the rotation's first shift
    expect(line(result.final)[0]).toEqual([z('2026-01-01T00:00Z'), z('2026-01-31T14:00Z'), '']);
  });

  it('the 29th and 30th keep their day where the month has it (29 February in a leap year)', () => {
    const starts = (startDate: string, from: string, to: string) =>
      compute(
        schedule(definition('UTC', [layer('L', { shift: { unit: 'months', count: 1 }, startDate })])),
        from,
        to,
      ).layers.map((s) => s.start.slice(0, 10));
    expect(starts('2027-12-29', '2027-12-29T09:00Z', '2028-04-01T00:00Z')).toEqual([
      '2027-12-29',
      '2028-01-29',
      '2028-02-29',
      '2028-03-29',
    ]);
    expect(starts('2027-01-29', '2027-01-29T09:00Z', '2027-04-01T00:00Z')).toEqual([
      '2027-01-29',
      '2027-02-28',
      '2027-03-29',
    ]);
    expect(starts('2026-01-30', '2026-01-30T09:00Z', '2026-05-01T00:00Z')).toEqual([
      '2026-01-30',
      '2026-02-28',
      '2026-03-30',
      '2026-04-30',
    ]);
    const quarterly = compute(
      schedule(definition('UTC', [layer('L', { shift: { unit: 'months', count: 3 }, startDate: '2026-11-30' })])),
      '2027-02-01T00:00Z',
      '2027-06-01T00:00Z',
    );
    expect(shiftsOf(quarterly).map((s) => [s[0], s[3]])).toEqual([
      [z('2027-02-01T00:00Z'), 0],
      [z('2027-02-28T09:00Z'), 1],
      [z('2027-05-30T09:00Z'), 2],
    ]);
  });
});

const utcDaily = (more: Partial<ScheduleDefinition> = {}, rotation: Partial<Rotation> = {}) =>
  schedule(definition('UTC', [layer('L', { startDate: '2026-06-01', ...rotation })], more));

const override = (
  id: string,
  kind: ScheduleOverride['kind'],
  start: string,
  end: string,
  userId: string | null,
  replacesUserId: string | null,
): ScheduleOverride => ({ id, kind, start: z(start), end: z(end), userId, replacesUserId });

describe('computeSchedule: overrides', () => {
  it('a replacement across a hand-off applies only where the replaced person was on call', () => {
    const input = utcDaily({
      overrides: [override('o1', 'replace', '2026-06-01T20:00Z', '2026-06-02T12:00Z', 'x', 'a')],
    });
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-03T09:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T20:00Z'), 'a'],
      [z('2026-06-01T20:00Z'), z('2026-06-02T09:00Z'), 'x'],
      [z('2026-06-02T09:00Z'), z('2026-06-03T09:00Z'), 'b'],
    ]);
    expect(result.final[1].reasons).toEqual([{ userId: 'x', kind: 'override', overrideId: 'o1' }]);
    expect(result.final[2].reasons).toEqual([{ userId: 'b', kind: 'layer', layerId: 'L' }]);
  });

  it('an addition across a restriction edge: with the layer inside it, alone outside', () => {
    const office = { type: 'daily' as const, startTime: '09:00', durationMinutes: 8 * 60 };
    const input = utcDaily(
      { overrides: [override('o1', 'add', '2026-06-01T16:00Z', '2026-06-01T18:00Z', 'y', null)] },
      { restrictions: [office] },
    );
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-02T00:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T16:00Z'), 'a'],
      [z('2026-06-01T16:00Z'), z('2026-06-01T17:00Z'), 'a+y'],
      [z('2026-06-01T17:00Z'), z('2026-06-01T18:00Z'), 'y'],
      [z('2026-06-01T18:00Z'), z('2026-06-02T00:00Z'), ''],
    ]);
  });

  it('an override of an override: the later one acts on the result of the earlier', () => {
    const input = utcDaily({
      overrides: [
        override('o1', 'replace', '2026-06-01T12:00Z', '2026-06-01T18:00Z', 'x', 'a'),
        override('o2', 'replace', '2026-06-01T14:00Z', '2026-06-01T16:00Z', 'z', 'x'),
        override('o3', 'remove', '2026-06-01T17:00Z', '2026-06-01T19:00Z', null, 'x'),
      ],
    });
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-02T09:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T12:00Z'), 'a'],
      [z('2026-06-01T12:00Z'), z('2026-06-01T14:00Z'), 'x'],
      [z('2026-06-01T14:00Z'), z('2026-06-01T16:00Z'), 'z'],
      [z('2026-06-01T16:00Z'), z('2026-06-01T17:00Z'), 'x'],
      // o3 removes x where x is on call (17:00-18:00); from 18:00 a is back, and o3 does not name a
      [z('2026-06-01T17:00Z'), z('2026-06-01T18:00Z'), ''],
      [z('2026-06-01T18:00Z'), z('2026-06-02T09:00Z'), 'a'],
    ]);
    expect(result.final[2].reasons).toEqual([{ userId: 'z', kind: 'override', overrideId: 'o2' }]);
  });

  it('a replacement by someone already on call leaves them listed once', () => {
    const input = utcDaily(
      { overrides: [override('o1', 'replace', '2026-06-01T10:00Z', '2026-06-01T11:00Z', 'b', 'a')] },
      { slots: [['a', 'b']] },
    );
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-01T12:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T10:00Z'), 'a+b'],
      [z('2026-06-01T10:00Z'), z('2026-06-01T11:00Z'), 'b'],
      [z('2026-06-01T11:00Z'), z('2026-06-01T12:00Z'), 'a+b'],
    ]);
  });
});

describe('computeSchedule: precedence', () => {
  it('a higher layer wins where it has someone; its restrictions leave the lower layer visible', () => {
    const nights = { type: 'daily' as const, startTime: '22:00', durationMinutes: 8 * 60 };
    const input = schedule(
      definition('America/New_York', [
        layer('day', { slots: [['a']], startDate: '2026-03-01' }),
        layer('night', { slots: [['n']], startDate: '2026-03-01', restrictions: [nights] }),
      ]),
    );
    const result = compute(input, '2026-03-07T12:00Z', '2026-03-08T12:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-03-07T12:00Z'), z('2026-03-08T03:00Z'), 'a'],
      [z('2026-03-08T03:00Z'), z('2026-03-08T10:00Z'), 'n'], // 22:00 EST to 06:00 EDT, 7 hours
      [z('2026-03-08T10:00Z'), z('2026-03-08T12:00Z'), 'a'],
    ]);
    expect(result.final[1].reasons).toEqual([{ userId: 'n', kind: 'layer', layerId: 'night' }]);
    expect(result.final[1].lengthChangeMinutes).toBe(-60);
    // the lower layer's own line is whole (its hand-off at 09:00 EST = 14:00Z under the night layer): the calendar draws both
    expect(shiftsOf(result, 'day').map((s) => [s[0], s[1]])).toEqual([
      [z('2026-03-07T12:00Z'), z('2026-03-07T14:00Z')],
      [z('2026-03-07T14:00Z'), z('2026-03-08T12:00Z')],
    ]);
  });

  it('a layer that has ended leaves the one below', () => {
    const input = schedule(
      definition('UTC', [layer('low', { slots: [['a']] }), layer('high', { slots: [['h']] }, z('2026-06-01T12:00Z'))]),
    );
    expect(line(compute(input, '2026-06-01T00:00Z', '2026-06-02T00:00Z').final)).toEqual([
      [z('2026-06-01T00:00Z'), z('2026-06-01T12:00Z'), 'h'],
      [z('2026-06-01T12:00Z'), z('2026-06-02T00:00Z'), 'a'],
    ]);
  });

  it('a temporary schedule wins over the layers inside its window; overrides still apply after it', () => {
    const temporary = {
      id: 't1',
      start: z('2026-06-01T12:00Z'),
      end: z('2026-06-01T18:00Z'),
      allowGaps: true,
      shifts: [
        { start: z('2026-06-01T12:00Z'), end: z('2026-06-01T15:00Z'), userIds: ['t'] },
        { start: z('2026-06-01T16:00Z'), end: z('2026-06-01T18:00Z'), userIds: ['u'] },
      ],
    };
    const input = utcDaily({
      temporarySchedules: [temporary],
      overrides: [override('o1', 'add', '2026-06-01T17:00Z', '2026-06-01T19:00Z', 'y', null)],
    });
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-01T20:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T12:00Z'), 'a'],
      [z('2026-06-01T12:00Z'), z('2026-06-01T15:00Z'), 't'],
      [z('2026-06-01T15:00Z'), z('2026-06-01T16:00Z'), ''], // an allowed gap: the layer does not show through
      [z('2026-06-01T16:00Z'), z('2026-06-01T17:00Z'), 'u'],
      [z('2026-06-01T17:00Z'), z('2026-06-01T18:00Z'), 'u+y'],
      [z('2026-06-01T18:00Z'), z('2026-06-01T19:00Z'), 'a+y'],
      [z('2026-06-01T19:00Z'), z('2026-06-01T20:00Z'), 'a'],
    ]);
    expect(result.final[1].reasons).toEqual([{ userId: 't', kind: 'temporary', temporaryId: 't1' }]);
  });
});

describe('computeSchedule: the past is kept', () => {
  const v1 = definition('UTC', [layer('L', { startDate: '2026-06-01' })]);
  const v2 = definition('UTC', [layer('L', { startDate: '2026-06-01', slots: [['c'], ['d']] })]);
  const versions = [
    { from: z('2026-05-01T00:00Z'), definition: v1 },
    { from: z('2026-06-03T12:00Z'), definition: v2 },
  ];

  it('each version holds from its moment: an edit changes what comes after it, never before', () => {
    const result = compute({ versions, removals: [] }, '2026-06-01T09:00Z', '2026-06-05T09:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-02T09:00Z'), 'a'],
      [z('2026-06-02T09:00Z'), z('2026-06-03T09:00Z'), 'b'],
      [z('2026-06-03T09:00Z'), z('2026-06-03T12:00Z'), 'a'],
      [z('2026-06-03T12:00Z'), z('2026-06-04T09:00Z'), 'c'], // shift 2 under the new slots
      [z('2026-06-04T09:00Z'), z('2026-06-05T09:00Z'), 'd'],
    ]);
    const before = compute({ versions: versions.slice(0, 1), removals: [] }, '2026-06-01T09:00Z', '2026-06-03T12:00Z');
    const withEdit = compute({ versions, removals: [] }, '2026-06-01T09:00Z', '2026-06-03T12:00Z');
    expect(withEdit).toEqual(before);
  });

  it('nobody is on call before the first version, and an unchanged layer is one shift across an edit', () => {
    const same = [versions[0], { from: z('2026-06-01T15:00Z'), definition: v1 }];
    const result = compute({ versions: same, removals: [] }, '2026-04-30T00:00Z', '2026-06-02T09:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-04-30T00:00Z'), z('2026-06-01T09:00Z'), ''],
      [z('2026-06-01T09:00Z'), z('2026-06-02T09:00Z'), 'a'],
    ]);
    expect(shiftsOf(result)).toEqual([[z('2026-06-01T09:00Z'), z('2026-06-02T09:00Z'), 'a', 0, 0]]);
  });
});

describe('computeSchedule: removals', () => {
  it('a removed person is on no final line from the moment of removal, whatever names them', () => {
    const def = definition('UTC', [layer('low', { slots: [['z']] }), layer('high', { startDate: '2026-06-01' })], {
      overrides: [override('o1', 'add', '2026-06-03T10:00Z', '2026-06-03T11:00Z', 'a', null)],
    });
    const input = schedule(def, [{ userId: 'a', at: z('2026-06-01T12:00Z') }]);
    const result = compute(input, '2026-06-01T09:00Z', '2026-06-04T09:00Z');
    expect(line(result.final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-01T12:00Z'), 'a'],
      [z('2026-06-01T12:00Z'), z('2026-06-02T09:00Z'), 'z'], // the layer below shows where a was alone
      [z('2026-06-02T09:00Z'), z('2026-06-03T09:00Z'), 'b'],
      [z('2026-06-03T09:00Z'), z('2026-06-04T09:00Z'), 'z'], // the override adding a adds nobody
    ]);
  });
});

describe('computeSchedule: bounds', () => {
  it('answers nothing for an empty or reversed window, and computes at most 400 days of a longer one', () => {
    const input = utcDaily({}, { shift: { unit: 'hours', count: 1 } });
    expect(compute(input, '2026-06-02T00:00Z', '2026-06-01T00:00Z')).toEqual({ layers: [], final: [] });
    const long = compute(input, '2026-06-01T00:00Z', '2036-06-01T00:00Z');
    expect(long.final[long.final.length - 1].end).toBe(z('2027-07-06T00:00Z')); // 1 June 2026 + 400 days
    expect(long.layers).toHaveLength(400 * 24 - 9); // hourly from 09:00 on 1 June
  });

  it('rules saved before a bound was checked neither throw nor hide the layer below', () => {
    const broken = layer('high', { slots: [[]], shift: { unit: 'fortnights' as 'weeks', count: 1 } });
    const empty = layer('empty', { slots: [[]] });
    const input = schedule(definition('UTC', [layer('low', { slots: [['a']] }), broken, empty]));
    expect(line(compute(input, '2026-06-01T09:00Z', '2026-06-02T09:00Z').final)).toEqual([
      [z('2026-06-01T09:00Z'), z('2026-06-02T09:00Z'), 'a'],
    ]);
  });

  it('an unknown zone is nobody on call rather than a throw', () => {
    const input = schedule(definition('Mars/Olympus', [layer('L', {})]));
    expect(line(compute(input, '2026-06-01T00:00Z', '2026-06-02T00:00Z').final)).toEqual([
      [z('2026-06-01T00:00Z'), z('2026-06-02T00:00Z'), ''],
    ]);
  });
});
