import { computeSchedule } from '../signals/on-call-schedules/final-schedule';
import type { ScheduleDefinition, ScheduleInput } from '../signals/on-call-schedules/model';
import type { HandoffNotificationFields } from './events';
import { inWorkingHours, reminderSendAt, shiftChanges, shiftsStarting } from './shift-notices';

// Europe/Paris, daily shifts handing off at 09:00 wall-clock from Monday 2 November 2026: a, b, c in turn, with an
// override adding d alongside on Monday from 12:00 to 14:00 (the final line splits there, a's shift does not)
const LUNCH: ScheduleDefinition['overrides'][number] = {
  id: 'lunch',
  kind: 'add',
  start: '2026-11-02T11:00:00.000Z',
  end: '2026-11-02T13:00:00.000Z',
  userId: 'd',
  replacesUserId: null,
};
const definition = (slots: string[][], overrides: ScheduleDefinition['overrides'] = []): ScheduleDefinition => ({
  timeZone: 'Europe/Paris',
  layers: [
    {
      id: 'L1',
      name: 'Primary',
      endsAt: null,
      rotation: {
        slots,
        shift: { unit: 'days', count: 1 },
        handoffTime: '09:00',
        startDate: '2026-11-02',
        restrictions: [],
      },
    },
  ],
  overrides: [LUNCH, ...overrides],
  temporarySchedules: [],
});
const inputOf = (def: ScheduleDefinition): ScheduleInput => ({
  versions: [{ from: '2026-01-01T00:00:00.000Z', definition: def }],
  removals: [],
});
const week = { from: '2026-11-02T00:00:00.000Z', to: '2026-11-09T00:00:00.000Z' };
const setting = (fields: Partial<HandoffNotificationFields>): HandoffNotificationFields => ({
  notify_before_minutes: 30,
  notification_type: 'email',
  hours_setting: 'standard',
  workdays: 'weekdays',
  start_time: '09:00',
  end_time: '17:00',
  time_zone: 'Europe/Paris',
  days: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false },
  ...fields,
});

describe('shift notices', () => {
  const { final } = computeSchedule(inputOf(definition([['a'], ['b'], ['c']])), week);

  it('joins a person’s parts of the final line into shifts and says whom they take over from', () => {
    // 09:00 Paris is 08:00Z in November; d's Monday lunch splits a's day into three parts, a's shift stays one
    expect(shiftsStarting(final, 'b')).toEqual([
      { start: '2026-11-03T08:00:00.000Z', end: '2026-11-04T08:00:00.000Z', takesOverFrom: ['a'] },
      { start: '2026-11-06T08:00:00.000Z', end: '2026-11-07T08:00:00.000Z', takesOverFrom: ['a'] },
    ]);
    // d joins a at 12:00: d's shift starts there, after a alone
    expect(shiftsStarting(final, 'd')[0]).toEqual({
      start: '2026-11-02T11:00:00.000Z',
      end: '2026-11-02T13:00:00.000Z',
      takesOverFrom: ['a'],
    });
    // nobody was on call before the rotation's first shift: a's first shift is seen whole, its hand-off from nobody
    expect(shiftsStarting(final, 'a', false)[0]).toEqual({
      start: '2026-11-02T08:00:00.000Z',
      end: '2026-11-03T08:00:00.000Z',
      takesOverFrom: [],
    });
    // a shift already running at the window's first instant has no hand-off to announce
    const later = computeSchedule(inputOf(definition([['a'], ['b'], ['c']])), {
      from: '2026-11-02T10:00:00.000Z',
      to: '2026-11-03T10:00:00.000Z',
    }).final;
    expect(shiftsStarting(later, 'a')).toEqual([]);
  });

  it('tells working hours in the setting’s zone, standard or its own', () => {
    // Monday 2 November: 09:00 Paris is 08:00Z, 17:00 is 16:00Z
    expect(inWorkingHours(setting({}), '2026-11-02T08:00:00.000Z')).toBe(true);
    expect(inWorkingHours(setting({}), '2026-11-02T07:59:00.000Z')).toBe(false);
    expect(inWorkingHours(setting({}), '2026-11-02T16:00:00.000Z')).toBe(false);
    expect(inWorkingHours(setting({}), '2026-11-07T10:00:00.000Z')).toBe(false); // Saturday
    // custom hours across midnight on custom days: Saturday 22:00 to Sunday 06:00 Paris
    const night = setting({
      hours_setting: 'custom',
      workdays: 'custom',
      start_time: '22:00',
      end_time: '06:00',
      days: {
        monday: false,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        saturday: true,
        sunday: false,
      },
    });
    expect(inWorkingHours(night, '2026-11-08T04:00:00.000Z')).toBe(true); // Sunday 05:00 Paris, Saturday's night
    expect(inWorkingHours(night, '2026-11-08T22:00:00.000Z')).toBe(false); // Sunday 23:00 Paris
  });

  it('sends a reminder its minutes before the shift, or at the last working minute before then', () => {
    // b's Tuesday shift at 09:00 Paris: 30 minutes before is 08:30, before the working day: Monday 16:59 Paris
    expect(reminderSendAt(setting({}), '2026-11-03T08:00:00.000Z')).toBe('2026-11-02T15:59:00.000Z');
    // with hours from 08:00 the reminder goes at 08:30 itself
    expect(reminderSendAt(setting({ hours_setting: 'custom', start_time: '08:00' }), '2026-11-03T08:00:00.000Z')).toBe(
      '2026-11-03T07:30:00.000Z',
    );
    // a Saturday shift: Friday before the day ends
    expect(reminderSendAt(setting({}), '2026-11-07T08:00:00.000Z')).toBe('2026-11-06T15:59:00.000Z');
    // no working day in the week before it: at its own time
    const never = setting({
      workdays: 'custom',
      days: {
        monday: false,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        saturday: false,
        sunday: false,
      },
    });
    expect(reminderSendAt(never, '2026-11-07T08:00:00.000Z')).toBe('2026-11-07T07:30:00.000Z');
    // at hand-off (0 minutes) inside the working day
    expect(reminderSendAt(setting({ notify_before_minutes: 0 }), '2026-11-03T11:00:00.000Z')).toBe(
      '2026-11-03T11:00:00.000Z',
    );
  });

  it('names the shifts an edit added and removed for each person, and nobody whose shifts stayed', () => {
    const swapped = computeSchedule(
      inputOf(
        definition(
          [['a'], ['b'], ['c']],
          [
            {
              id: 'o1',
              kind: 'replace',
              start: '2026-11-03T08:00:00.000Z',
              end: '2026-11-04T08:00:00.000Z',
              userId: 'c',
              replacesUserId: 'b',
            },
          ],
        ),
      ),
      week,
    ).final;
    expect(shiftChanges(final, swapped)).toEqual([
      {
        userId: 'b',
        added: [],
        removed: [{ start: '2026-11-03T08:00:00.000Z', end: '2026-11-04T08:00:00.000Z', takesOverFrom: ['a'] }],
      },
      {
        userId: 'c',
        // c's Tuesday runs into c's own Wednesday: one longer shift instead of the Wednesday one
        added: [{ start: '2026-11-03T08:00:00.000Z', end: '2026-11-05T08:00:00.000Z', takesOverFrom: ['a'] }],
        removed: [{ start: '2026-11-04T08:00:00.000Z', end: '2026-11-05T08:00:00.000Z', takesOverFrom: ['b'] }],
      },
    ]);
    expect(shiftChanges(final, final)).toEqual([]);
  });
});
