import { describe, expect, it } from '@jest/globals';
import {
  GRACE_MESSAGE,
  heartbeatFormValues,
  heartbeatRequest,
  heartbeatSchema,
  INTERVAL_MESSAGE,
  pingSnippets,
} from './heartbeat-form-values';

const messageOf = async (values: object) => {
  try {
    await heartbeatSchema.validate({ ...heartbeatFormValues(), name: 'Backup', team_id: 't1', ...values });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('heartbeat form values', () => {
  it('sends the periods as the API takes them: ISO-8601 durations', () => {
    expect(
      heartbeatRequest({
        ...heartbeatFormValues(),
        name: 'Backup',
        team_id: 't1',
        interval_minutes: 90,
        grace_minutes: 0,
      }),
    ).toEqual({ name: 'Backup', team_id: 't1', escalation_policy_id: null, interval: 'PT1H30M', grace_period: 'PT0S' });
  });

  it("holds the decider's bounds, said as the web says durations", async () => {
    expect(await messageOf({})).toBeNull();
    expect(await messageOf({ interval_minutes: 0 })).toBe(INTERVAL_MESSAGE);
    expect(await messageOf({ interval_minutes: 10_081 })).toBe(INTERVAL_MESSAGE);
    expect(await messageOf({ grace_minutes: 1_441 })).toBe(GRACE_MESSAGE);
    expect(INTERVAL_MESSAGE).toBe('Interval must be whole minutes, from 1 min to 168 hours');
  });

  it('gives curl examples that call the URL as given', () => {
    const url = 'https://tocsin.example.com/heartbeats/0123';
    expect(pingSnippets(url).every((snippet) => snippet.code.includes(url))).toBe(true);
  });
});
