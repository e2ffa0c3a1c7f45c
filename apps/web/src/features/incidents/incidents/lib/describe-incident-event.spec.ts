import { describe, expect, it } from '@jest/globals';
import type { IncidentTimelineEntry } from '@tocsin/contracts';
import { DEFAULT_INCIDENT_SETTINGS } from '@tocsin/domain';
import { describeIncidentEvent, groupEntries, incidentNames } from './describe-incident-event';

const names = incidentNames(DEFAULT_INCIDENT_SETTINGS, { u1: 'Ada Lovelace' }, (iso) => `[${iso}]`);
const entry = (
  kind: IncidentTimelineEntry['kind'],
  data: Record<string, unknown>,
  position = 1,
): IncidentTimelineEntry => ({
  position,
  kind,
  at: '2026-11-27T10:00:00.000Z',
  actor_id: null,
  system: false,
  starred: false,
  data,
});

describe('describeIncidentEvent', () => {
  it('says what changed, from what, with the settings names', () => {
    expect(describeIncidentEvent(entry('declared', { fields: { name: 'Checkout down' } }), names)).toBe(
      'Declared "Checkout down"',
    );
    expect(
      describeIncidentEvent(
        entry('fields_changed', {
          changes: [
            { field: 'severityId', value: 'sev1', previous: 'sev3' },
            { field: 'summary', value: 'Payments fail', previous: '' },
          ],
        }),
        names,
      ),
    ).toBe('Severity changed from SEV3 to SEV1; Summary changed from (none) to Payments fail');
    expect(
      describeIncidentEvent(entry('milestone_set', { milestone: 'closed', at: 'T2', previous: null }), names),
    ).toBe('Closed set to [T2]');
    expect(
      describeIncidentEvent(entry('milestone_set', { milestone: 'resolved', at: 'T2', previous: 'T1' }), names),
    ).toBe('Resolved moved from [T1] to [T2]');
    expect(describeIncidentEvent(entry('role_assigned', { roleId: 'commander', userId: 'u1' }), names)).toBe(
      'Commander assigned to Ada Lovelace',
    );
    expect(describeIncidentEvent(entry('role_assigned', { roleId: 'gone', userId: null }), names)).toBe(
      'gone unassigned',
    );
    expect(describeIncidentEvent(entry('follow_up_changed', { status: 'in_progress', title: 'Fix' }), names)).toBe(
      'Follow-up in progress: Fix',
    );
    expect(describeIncidentEvent(entry('milestone_cleared', { milestone: 'resolved', previous: 'T1' }), names)).toBe(
      'Resolved cleared (was [T1])',
    );
  });

  it("reads times in the reader's locale by default, leaving what is not a time as it is", () => {
    const local = incidentNames(DEFAULT_INCIDENT_SETTINGS);
    expect(local.time('2026-11-27T10:00:00.000Z')).toBe(new Date('2026-11-27T10:00:00.000Z').toLocaleString());
    expect(local.time('soon')).toBe('soon');
  });
});

describe('groupEntries', () => {
  it('groups in a fixed order, each oldest first, leaving empty groups out', () => {
    const groups = groupEntries([
      entry('note', { body: 'a' }, 1),
      entry('milestone_set', { milestone: 'mitigated', at: 'T' }, 2),
      entry('note', { body: 'b' }, 3),
    ]);
    expect(groups.map((g) => [g.title, g.entries.map((e) => e.position)])).toEqual([
      ['Status and milestones', [2]],
      ['Notes and status updates', [1, 3]],
    ]);
  });
});
