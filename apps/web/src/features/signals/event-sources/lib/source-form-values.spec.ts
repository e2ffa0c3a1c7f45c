import { describe, expect, it } from '@jest/globals';
import type { EventSource } from '@tocsin/contracts';
import { RATE_LIMIT_MESSAGE } from '@tocsin/domain';
import {
  QUIET_PERIOD_MESSAGE,
  sourceFormValues,
  sourceRequest,
  sourceSchema,
  sourceSettings,
} from './source-form-values';

const source: EventSource = {
  id: 's1',
  name: 'Prometheus',
  format: 'alertmanager',
  team_id: 't1',
  escalation_policy_id: 'p1',
  rate_limit_per_minute: 120,
  auto_resolve_after: 'PT30M',
  token_hint: 'abcd',
  signed: false,
  rate: { per_minute: 120, current: 0, refused_last_hour: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const messageOf = async (values: object) => {
  try {
    await sourceSchema.validate({ ...sourceFormValues(source), ...values });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("an event source's form values", () => {
  it('starts a new source with no quiet period, and an existing one as it is', () => {
    expect(sourceFormValues()).toMatchObject({
      auto_resolve: false,
      rate_limit_per_minute: 600,
      format: 'alertmanager',
    });
    expect(sourceFormValues(source)).toMatchObject({ auto_resolve: true, auto_resolve_minutes: 30 });
    expect(sourceFormValues({ ...source, auto_resolve_after: null })).toMatchObject({ auto_resolve: false });
  });

  it('sends the quiet period when it is on, and null (never) when it is off', () => {
    const on = sourceFormValues(source);
    expect(sourceSettings(on)).toEqual({
      name: 'Prometheus',
      team_id: 't1',
      escalation_policy_id: 'p1',
      rate_limit_per_minute: 120,
      auto_resolve_after: 'PT30M',
    });
    expect(sourceSettings(on).auto_resolve_after).toBe('PT30M');
    expect(sourceSettings({ ...on, auto_resolve_minutes: 90 }).auto_resolve_after).toBe('PT1H30M');
    expect(sourceSettings({ ...on, auto_resolve: false }).auto_resolve_after).toBeNull();
    expect(sourceSettings({ ...on, escalation_policy_id: '' }).escalation_policy_id).toBeNull();
    // PATCH takes neither the format nor the signature; creation does
    expect(sourceSettings(on)).not.toHaveProperty('format');
    expect(sourceRequest({ ...on, signed: true })).toMatchObject({ format: 'alertmanager', signed: true });
  });

  it("checks the quiet period and the limit with the API's own words, the quiet period only while it is on", async () => {
    expect(await messageOf({ auto_resolve_minutes: 0 })).toBe(QUIET_PERIOD_MESSAGE);
    expect(await messageOf({ auto_resolve_minutes: 10_081 })).toBe(QUIET_PERIOD_MESSAGE);
    expect(await messageOf({ auto_resolve_minutes: 1.5 })).toBe(QUIET_PERIOD_MESSAGE);
    expect(await messageOf({ auto_resolve_minutes: undefined })).toBe(QUIET_PERIOD_MESSAGE);
    expect(await messageOf({ auto_resolve: false, auto_resolve_minutes: 0 })).toBeNull();
    expect(await messageOf({ auto_resolve_minutes: 10_080 })).toBeNull();
    expect(await messageOf({ rate_limit_per_minute: 0 })).toBe(RATE_LIMIT_MESSAGE);
  });
});
