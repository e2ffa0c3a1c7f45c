import { describe, expect, it } from '@jest/globals';
import type { IncidentTimelineEntry } from './incidents';
import { describeIncidentEvent, groupEntries, incidentNames, type NamedSettings } from './describe-incident-event';

/** The organization's names (contracts import no domain values: the settings come in as the API answers them). */
const SETTINGS: NamedSettings = {
  milestones: [
    { id: 'resolved', key: 'resolved', name: 'Resolved', position: 5 },
    { id: 'closed', key: 'closed', name: 'Closed', position: 6 },
  ],
  roles: [{ id: 'commander', name: 'Commander' }],
  severities: [
    { id: 'sev1', name: 'SEV1' },
    { id: 'sev3', name: 'SEV3' },
  ],
  priorities: [],
  types: [{ id: 'default', name: 'Default' }],
};

const names = incidentNames(SETTINGS, {
  people: { u1: 'Ada Lovelace' },
  teams: { team1: 'Payments' },
  time: (iso) => `[${iso}]`,
});
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

  it('says every other kind in words: the exports, the retrospective and the room read the same sentence', () => {
    const say = (kind: IncidentTimelineEntry['kind'], data: Record<string, unknown>) =>
      describeIncidentEvent(entry(kind, data), names);
    expect(say('declared', { fields: { name: 'Export "quoted", with commas' } })).toBe(
      'Declared "Export "quoted", with commas"',
    );
    expect(say('note', { body: '=SUM(1,2)\nsecond line' })).toBe('Note: =SUM(1,2)\nsecond line');
    expect(say('status_update', { body: 'Rolled back' })).toBe('Status update: Rolled back');
    expect(say('task_added', { title: 'Tell support' })).toBe('Task added: Tell support');
    expect(say('task_changed', { title: 'Tell support', done: true })).toBe('Task done: Tell support');
    expect(say('task_changed', { title: 'Tell support', done: false })).toBe('Task changed: Tell support');
    expect(say('task_removed', { taskId: 't1' })).toBe('Task removed');
    expect(say('task_list_applied', { name: 'Comms' })).toBe('Task list applied: Comms');
    expect(say('follow_up_added', { title: 'Add a canary stage' })).toBe('Follow-up added: Add a canary stage');
    expect(say('link_added', { title: 'Status', url: 'https://status.example.com' })).toBe(
      'Link added: Status (https://status.example.com)',
    );
    expect(say('link_removed', { linkId: 'l1' })).toBe('Link removed');
    expect(say('entry_starred', { position: 3, starred: true })).toBe('Starred a timeline entry');
    expect(say('entry_starred', { position: 3, starred: false })).toBe('Unstarred a timeline entry');
    expect(say('team_paged', { teamId: 'team1', alertId: 'a1' })).toBe('Paged team Payments');
    expect(say('team_paged', { teamId: 'unknown', alertId: 'a1' })).toBe('Paged a team');
    expect(say('team_page_failed', { teamId: 'team1', reason: 'its escalation policy was deleted' })).toBe(
      'Paging team Payments failed: its escalation policy was deleted',
    );
    expect(
      say('fields_changed', {
        changes: [
          { field: 'teamId', value: 'team1', previous: null },
          { field: 'labels', value: { env: 'prod' }, previous: {} },
          { field: 'impactedServices', value: ['api', 'web'], previous: [] },
        ],
      }),
    ).toBe(
      'Team changed from (none) to Payments; Labels changed from (none) to env=prod; Impacted services changed from (none) to api, web',
    );
  });

  it('reads what is missing or malformed as "(none)" and names nothing through the prototype', () => {
    expect(describeIncidentEvent(entry('declared', {}), names)).toBe('Declared "(none)"');
    expect(describeIncidentEvent(entry('fields_changed', { changes: 'x' }), names)).toBe('');
    expect(describeIncidentEvent(entry('role_assigned', { roleId: 'commander', userId: 'toString' }), names)).toBe(
      'Commander assigned to toString',
    );
  });

  it("reads times in the reader's locale by default, leaving what is not a time as it is", () => {
    const local = incidentNames(SETTINGS);
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
