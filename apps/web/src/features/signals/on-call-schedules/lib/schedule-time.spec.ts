import { describe, expect, it } from '@jest/globals';
import { dayStarts, instantFromField, lengthChangeText, mondayOf, dayText } from './schedule-time';

describe('schedule time', () => {
  it('starts the week on Monday midnight in the schedule zone', () => {
    // Sunday 23:30 in New York is Monday 04:30 UTC
    expect(dayText(mondayOf('America/New_York', Date.parse('2026-03-09T03:30:00Z')))).toBe('2026-03-02');
    expect(dayText(mondayOf('UTC', Date.parse('2026-03-09T03:30:00Z')))).toBe('2026-03-09');
  });

  it('has a 23-hour day where the clocks go forward', () => {
    const starts = dayStarts('America/New_York', Date.parse('2026-03-08T00:00:00Z'), 1);
    expect(starts.map((t) => new Date(t).toISOString())).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
  });

  it('reads a skipped local time as the moment after the change and a repeated one as the first', () => {
    expect(instantFromField('America/New_York', '2026-03-08T02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(instantFromField('America/New_York', '2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(instantFromField('America/New_York', 'nonsense')).toBeNull();
  });

  it('says what the change did', () => {
    expect(lengthChangeText(60)).toBe('1 hour longer: the clocks went back');
    expect(lengthChangeText(-30)).toBe('30 minutes shorter: the clocks went forward');
    expect(lengthChangeText(0)).toBeNull();
  });
});
