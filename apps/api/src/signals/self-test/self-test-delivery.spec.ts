import { intervalMs, roundWaitMs, SELF_TEST_LONGEST_WAIT_MS } from './self-test-delivery';

describe('how long a self-test round waits for its page', () => {
  it('waits its interval when that is short, so a round ends before the next starts', () => {
    expect(roundWaitMs({ interval: 'PT1M' })).toBe(60_000);
    expect(roundWaitMs({ interval: 'PT5M' })).toBe(SELF_TEST_LONGEST_WAIT_MS);
  });

  it('waits at most five minutes whatever the interval: a broken channel holds no queue slot for a day', () => {
    expect(intervalMs({ interval: 'PT24H' })).toBe(86_400_000);
    expect(roundWaitMs({ interval: 'PT24H' })).toBe(5 * 60_000);
    expect(roundWaitMs({ interval: 'PT6M' })).toBe(5 * 60_000);
  });
});
