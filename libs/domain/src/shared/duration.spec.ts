import {
  displayDuration,
  durationMinutes,
  displayIsoDuration,
  formatDuration,
  ISO_DURATION_MAX_LENGTH,
  isIsoDuration,
  parseDuration,
} from './duration';

describe('durations', () => {
  it.each([
    ['PT0S', 0],
    ['PT1M', 60],
    ['PT5M', 300],
    ['PT1H', 3600],
    ['PT1H30M', 5400],
    ['PT2H3M4S', 7384],
    ['PT45S', 45],
  ])('parses %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', 'PT', '5M', 'P1D', 'PT1.5M', 'pt5m', 'PT-1M', 'PT5M '])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it.each([
    [0, 'PT0S'],
    [60, 'PT1M'],
    [3600, 'PT1H'],
    [3661, 'PT1H1M1S'],
  ])('formats %i seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [0, 'Immediately'],
    [1, '1 sec'],
    [2, '2 secs'],
    [60, '1 min'],
    [600, '10 mins'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [5400, '1 hour 30 mins'],
  ])('displays %i seconds as %s', (seconds, text) => {
    expect(displayDuration(seconds)).toBe(text);
  });

  it.each([
    ['PT0S', 'Immediately'],
    ['PT5M', '5 mins'],
    ['PT1H', '1 hour'],
    ['5 minutes', '5 minutes'],
  ])('displays the text %s as %s', (text, shown) => {
    expect(displayIsoDuration(text)).toBe(shown);
  });

  it('takes as duration text what parses and is at most ISO_DURATION_MAX_LENGTH long (the DTOs and the deciders ask this alone)', () => {
    expect(['PT0S', 'PT5M', 'PT1H30M'].every(isIsoDuration)).toBe(true);
    expect([undefined, null, 5, '', 'PT', 'P1D', 'PT5M '].some(isIsoDuration)).toBe(false);
    const long = `PT${'9'.repeat(ISO_DURATION_MAX_LENGTH - 3)}M`;
    expect(long).toHaveLength(ISO_DURATION_MAX_LENGTH);
    expect(isIsoDuration(long)).toBe(true);
    expect(isIsoDuration(`PT${'9'.repeat(ISO_DURATION_MAX_LENGTH - 2)}M`)).toBe(false);
  });

  it('reads whole minutes of duration text for the timers kept in minutes, and nothing else', () => {
    expect(durationMinutes('PT15M')).toBe(15);
    expect(durationMinutes('PT1H30M')).toBe(90);
    expect(durationMinutes('PT90M')).toBe(90);
    expect(durationMinutes('PT120S')).toBe(2);
    for (const notWhole of ['PT90S', 'PT0.5M', 'P1D', 'PT', '15', 15, null, undefined, { minutes: 15 }]) {
      expect(durationMinutes(notWhole)).toBeNull();
    }
  });
});
