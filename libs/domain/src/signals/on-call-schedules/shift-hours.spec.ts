import { describe, expect, it } from '@jest/globals';
import type { ScheduleInput } from './model';
import { shiftHours } from './shift-hours';

const input = (
  timeZone: string,
  overrides: ScheduleInput['versions'][number]['definition']['overrides'] = [],
): ScheduleInput => ({
  versions: [
    {
      from: '2026-01-01T00:00:00Z',
      definition: {
        timeZone,
        layers: [
          {
            id: 'l1',
            name: 'Primary',
            rotation: {
              slots: [['ann'], ['bob']],
              shift: { unit: 'weeks', count: 1 },
              handoffTime: '09:00',
              startDate: '2026-03-02',
              restrictions: [],
            },
            endsAt: null,
          },
        ],
        overrides,
        temporarySchedules: [],
      },
    },
  ],
  removals: [],
});

describe('shiftHours', () => {
  it('counts a week on call and the part of it outside 09:00-17:00 Monday to Friday', () => {
    // Monday 2 March 09:00 to Monday 9 March 09:00 UTC: 168 hours, 5 x 8 of them working hours
    const [ann] = shiftHours(input('UTC'), { from: '2026-03-02T09:00:00Z', to: '2026-03-09T09:00:00Z' });
    expect(ann).toEqual({ userId: 'ann', onCallMs: 168 * 3_600_000, outOfHoursMs: 128 * 3_600_000 });
  });

  it('reads working hours on the schedule zone wall clock, across the spring change', () => {
    // New York, 9 to 16 March 2026 (clocks forward on the 8th: a plain week), Bob's week: 168 hours, 40 in hours
    const hours = shiftHours(input('America/New_York'), { from: '2026-03-09T13:00:00Z', to: '2026-03-16T13:00:00Z' });
    const bob = hours.find((h) => h.userId === 'bob')!;
    expect(bob.onCallMs).toBe(168 * 3_600_000);
    expect(bob.outOfHoursMs).toBe(128 * 3_600_000);
  });

  it('counts an override for the person put on call, not the one replaced', () => {
    const override = {
      id: 'o1',
      kind: 'replace' as const,
      start: '2026-03-07T00:00:00Z',
      end: '2026-03-08T00:00:00Z',
      userId: 'bob',
      replacesUserId: 'ann',
    };
    const hours = shiftHours(input('UTC', [override]), { from: '2026-03-02T09:00:00Z', to: '2026-03-09T09:00:00Z' });
    expect(hours.find((h) => h.userId === 'ann')!.onCallMs).toBe(144 * 3_600_000);
    expect(hours.find((h) => h.userId === 'bob')).toEqual({
      userId: 'bob',
      onCallMs: 24 * 3_600_000,
      outOfHoursMs: 24 * 3_600_000,
    });
  });
});
