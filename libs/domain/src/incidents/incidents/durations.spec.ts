import { DEFAULT_INCIDENT_SETTINGS } from '../settings/defaults';
import { incidentDurations } from './durations';

describe('incident durations', () => {
  const milestones = {
    started: '2026-11-27T10:00:00.000Z',
    detected: '2026-11-27T10:05:00.000Z',
    acknowledged: '2026-11-27T10:07:30.000Z',
    mitigated: '2026-11-27T11:00:00.000Z',
  };

  it('measures MTTD, MTTA, MTTM from Started; MTTR waits for Resolved', () => {
    expect(
      incidentDurations(milestones, DEFAULT_INCIDENT_SETTINGS.durations).map(({ id, seconds, duration }) => ({
        id,
        seconds,
        duration,
      })),
    ).toEqual([
      { id: 'mttd', seconds: 300, duration: 'PT5M' },
      { id: 'mtta', seconds: 450, duration: 'PT7M30S' },
      { id: 'mttm', seconds: 3600, duration: 'PT1H' },
      { id: 'mttr', seconds: null, duration: null },
    ]);
  });

  it('measures a custom duration between any two milestones', () => {
    const custom = [{ id: 'fix', name: 'Detect to mitigate', from: 'detected', to: 'mitigated', builtIn: false }];
    expect(incidentDurations(milestones, custom)[0]).toMatchObject({ seconds: 3300, duration: 'PT55M' });
    // out of order (the end before the start) has no value
    const backwards = [{ id: 'b', name: 'Backwards', from: 'mitigated', to: 'detected', builtIn: false }];
    expect(incidentDurations(milestones, backwards)[0].seconds).toBeNull();
  });
});
