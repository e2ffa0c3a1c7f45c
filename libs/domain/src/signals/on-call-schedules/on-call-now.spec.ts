import type { ScheduleInput } from './model';
import { coverageGaps, nextShifts, onCallAt, shiftsOf } from './on-call-now';

// New York, 12-hour shifts handing off at 08:00 and 20:00 wall-clock from 1 March 2026, a by day and b by
// night, with an override putting x on instead of b for the night the clocks go forward.
const input: ScheduleInput = {
  versions: [
    {
      from: '2026-01-01T00:00:00.000Z',
      definition: {
        timeZone: 'America/New_York',
        layers: [
          {
            id: 'L',
            name: 'Primary',
            endsAt: null,
            rotation: {
              slots: [['a'], ['b']],
              shift: { unit: 'hours', count: 12 },
              handoffTime: '08:00',
              startDate: '2026-03-01',
              restrictions: [],
            },
          },
        ],
        overrides: [
          {
            id: 'o1',
            kind: 'replace',
            start: '2026-03-08T00:00:00.000Z',
            end: '2026-03-08T12:00:00.000Z',
            userId: 'x',
            replacesUserId: 'b',
          },
        ],
        temporarySchedules: [],
      },
    },
  ],
  removals: [],
};

describe('on call now / next', () => {
  it('answers who is on call at an instant, from when to when and why', () => {
    // 7 March 20:00 EST = 8 March 01:00Z; 8 March 08:00 EDT = 12:00Z (an 11-hour night, the clocks skipped an hour)
    expect(onCallAt(input, '2026-03-08T07:00:00.000Z')).toEqual({
      start: '2026-03-08T01:00:00.000Z',
      end: '2026-03-08T12:00:00.000Z',
      userIds: ['x'],
      reasons: [{ userId: 'x', kind: 'override', overrideId: 'o1' }],
      lengthChangeMinutes: -60,
    });
    expect(onCallAt(input, '2026-02-01T00:00:00.000Z')?.userIds).toEqual([]); // before the rotation starts
    expect(onCallAt(input, 'not a time')).toBeNull();
  });

  it('answers the next stretches, the current one first', () => {
    const next = nextShifts(input, '2026-03-08T07:00:00.000Z', 3);
    expect(next.map((s) => [s.start, s.end, s.userIds.join('+')])).toEqual([
      ['2026-03-08T01:00:00.000Z', '2026-03-08T12:00:00.000Z', 'x'],
      ['2026-03-08T12:00:00.000Z', '2026-03-09T00:00:00.000Z', 'a'], // 08:00 EDT to 20:00 EDT
      ['2026-03-09T00:00:00.000Z', '2026-03-09T12:00:00.000Z', 'b'],
    ]);
    expect(nextShifts(input, '2026-03-08T07:00:00.000Z', 0)).toEqual([]);
  });

  it("answers one person's stretches and the gaps of a window from the same computation", () => {
    const window = { from: '2026-02-28T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' };
    // 1 March 08:00 EST = 13:00Z, 20:00 EST = 2 March 01:00Z
    expect(shiftsOf(input, 'a', window).map((s) => [s.start, s.end])).toEqual([
      ['2026-03-01T13:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ]);
    expect(coverageGaps(input, window).map((s) => [s.start, s.end])).toEqual([
      ['2026-02-28T00:00:00.000Z', '2026-03-01T13:00:00.000Z'],
    ]);
  });
});
