import { deciderSpec } from '../../../../../test/support/decider-spec';
import { DomainError } from '../../shared/event';
import { DEFAULT_INCIDENT_SETTINGS } from '../settings/defaults';
import type { IncidentSettings } from '../settings/model';
import type { DeclareIncident, IncidentCommand } from './commands';
import { decideIncident, IncidentFieldConflict } from './decide';
import { incidentStatusOf, type IncidentDeclared, type IncidentEvent } from './events';
import { evolveIncident, initialIncident, type IncidentState } from './state';

const incident = deciderSpec<IncidentState, IncidentCommand, IncidentEvent>({
  initial: initialIncident,
  evolve: evolveIncident,
  decide: decideIncident,
});
const T0 = '2026-11-27T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const settings: IncidentSettings = {
  ...DEFAULT_INCIDENT_SETTINGS,
  types: [
    ...DEFAULT_INCIDENT_SETTINGS.types,
    { id: 'security', name: 'Security', description: '', requiredFields: ['customer_impact', 'severity'] },
  ],
  taskLists: [{ id: 'comms', name: 'Comms', tasks: [{ title: 'Tell support', description: '' }] }],
  roles: DEFAULT_INCIDENT_SETTINGS.roles.map((r) => (r.id === 'communications' ? { ...r, taskListId: 'comms' } : r)),
};
const base = { incidentId: 'i1', orgId: 'org-1', by: 'u1', at: T0 };
const declare = (extra: Partial<DeclareIncident> = {}): DeclareIncident => ({
  ...base,
  type: 'DeclareIncident',
  number: 7,
  fields: { name: ' Checkout down ' },
  alert: null,
  settings,
  teamFound: false,
  ...extra,
});
const declared: IncidentDeclared = {
  type: 'IncidentDeclared',
  data: {
    ...base,
    number: 7,
    fields: {
      name: 'Checkout down',
      summary: '',
      customerImpact: '',
      severityId: null,
      priorityId: null,
      typeId: 'default',
      teamId: null,
      impactedServices: [],
      environments: [],
      labels: {},
    },
    milestones: { started: T0, detected: T0 },
    alert: null,
  },
};
const fieldsOf = (error: unknown) => (error as DomainError).fields;

describe('incident decider', () => {
  it('declares with the name trimmed, started and detected now, the first type', () =>
    incident.given([]).when(declare()).then([declared]));

  it('refuses a declaration without a name, with an unknown severity, or missing a required field of its type', () => {
    incident
      .given([])
      .when(declare({ fields: { name: ' ', severityId: 'sev9', typeId: 'security' } }))
      .thenThrows((error) =>
        expect(fieldsOf(error)).toEqual({
          name: ['name is a required field'],
          severity_id: ['severity_id must be one of sev1, sev2, sev3, sev4, sev5'],
          customer_impact: ['customer_impact is a required field for Security incidents'],
        }),
      );
    incident
      .given([])
      .when(declare({ fields: { name: 'Breach', typeId: 'security', severityId: 'sev1', customerImpact: 'Leak' } }))
      .then([
        {
          ...declared,
          data: {
            ...declared.data,
            fields: {
              ...declared.data.fields,
              name: 'Breach',
              typeId: 'security',
              severityId: 'sev1',
              customerImpact: 'Leak',
            },
          },
        },
      ]);
  });

  it('refuses a milestone edit that breaks the order, naming the neighbour and its time', () => {
    const set = (milestone: string, minutes: number): IncidentCommand => ({
      ...base,
      type: 'SetIncidentMilestone',
      milestone,
      time: at(minutes),
      settings,
    });
    const mitigated: IncidentEvent = {
      type: 'IncidentMilestoneSet',
      data: { incidentId: 'i1', milestone: 'mitigated', at: at(30), previous: null },
    };
    incident.given([declared]).when(set('mitigated', 30)).then([mitigated]);
    incident
      .given([declared, mitigated])
      .when(set('started', 40))
      .thenThrows((error) =>
        expect((error as DomainError).message).toBe(`Started must be at or before Detected (${T0})`),
      );
    incident
      .given([declared, mitigated])
      .when(set('resolved', 20))
      .thenThrows((error) =>
        expect(fieldsOf(error)).toEqual({ at: [`Resolved must be at or after Mitigated (${at(30)})`] }),
      );
    // an unset milestone between is skipped: Acknowledged sits between Detected and Mitigated
    incident
      .given([declared, mitigated])
      .when(set('acknowledged', 10))
      .then([
        {
          type: 'IncidentMilestoneSet',
          data: { incidentId: 'i1', milestone: 'acknowledged', at: at(10), previous: null },
        },
      ]);
    // an edit keeps the earlier time in its event
    incident
      .given([declared, mitigated])
      .when(set('mitigated', 25))
      .then([
        {
          type: 'IncidentMilestoneSet',
          data: { incidentId: 'i1', milestone: 'mitigated', at: at(25), previous: at(30) },
        },
      ]);
  });

  it('never clears Started; clearing Resolved reopens', () => {
    const clear = (milestone: string): IncidentCommand => ({
      ...base,
      type: 'SetIncidentMilestone',
      milestone,
      time: null,
      settings,
    });
    incident
      .given([declared])
      .when(clear('started'))
      .thenThrows((e) => expect((e as DomainError).code).toBe('invalid'));
    const resolved: IncidentEvent = {
      type: 'IncidentMilestoneSet',
      data: { incidentId: 'i1', milestone: 'resolved', at: at(5), previous: null },
    };
    const state = [declared, resolved].reduce(evolveIncident, initialIncident());
    expect(incidentStatusOf(state.milestones)).toBe('resolved');
    incident
      .given([declared, resolved])
      .when(clear('resolved'))
      .then([{ type: 'IncidentMilestoneCleared', data: { incidentId: 'i1', milestone: 'resolved', previous: at(5) } }]);
  });

  it('refuses a save based on an older version of a field with the current value and who set it; retried on top it saves', () => {
    const change = (name: string, version: number): IncidentCommand => ({
      ...base,
      by: 'u2',
      at: at(1),
      type: 'ChangeIncidentFields',
      changes: { name },
      versions: { name: version },
      settings,
      teamFound: false,
    });
    const first: IncidentEvent = {
      type: 'IncidentFieldsChanged',
      data: {
        incidentId: 'i1',
        at: at(1),
        by: 'u2',
        changes: [{ field: 'name', value: 'Checkout slow', previous: 'Checkout down', version: 2 }],
      },
    };
    incident.given([declared]).when(change('Checkout slow', 1)).then([first]);
    incident
      .given([declared, first])
      .when(change('Payments down', 1))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(IncidentFieldConflict);
        expect((error as IncidentFieldConflict).conflicts).toEqual([
          { field: 'name', value: 'Checkout slow', version: 2, setBy: 'u2', setAt: at(1) },
        ]);
      });
    incident
      .given([declared, first])
      .when(change('Payments down', 2))
      .then([
        {
          type: 'IncidentFieldsChanged',
          data: {
            ...first.data,
            changes: [{ field: 'name', value: 'Payments down', previous: 'Checkout slow', version: 3 }],
          },
        },
      ]);
  });

  it("taking a role applies its task list to the person; another organization's incident is not found", () => {
    const assign: IncidentCommand = {
      ...base,
      type: 'AssignIncidentRole',
      roleId: 'communications',
      userId: 'u3',
      userFound: true,
      settings,
    };
    incident
      .given([declared])
      .when(assign)
      .then([
        {
          type: 'IncidentRoleAssigned',
          data: { incidentId: 'i1', roleId: 'communications', userId: 'u3', previous: null },
        },
        {
          type: 'IncidentTaskListApplied',
          data: { incidentId: 'i1', taskListId: 'comms', name: 'Comms', taskIds: ['t1'] },
        },
        {
          type: 'IncidentTaskAdded',
          data: {
            incidentId: 'i1',
            taskId: 't1',
            title: 'Tell support',
            assigneeId: 'u3',
            dueAt: null,
            done: false,
            doneAt: null,
            taskListId: 'comms',
          },
        },
      ]);
    incident
      .given([declared])
      .when({ ...assign, orgId: 'org-2' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });

  it("a role's task list is applied by its first taking only: a second person or a list applied before adds no tasks", () => {
    const assign = (userId: string, previous: string | null): [IncidentCommand, IncidentEvent] => [
      { ...base, type: 'AssignIncidentRole', roleId: 'communications', userId, userFound: true, settings },
      { type: 'IncidentRoleAssigned', data: { incidentId: 'i1', roleId: 'communications', userId, previous } },
    ];
    const listApplied: IncidentEvent = {
      type: 'IncidentTaskListApplied',
      data: { incidentId: 'i1', taskListId: 'comms', name: 'Comms', taskIds: ['t1'] },
    };
    const [toU3, u3Took] = assign('u3', null);
    const [toU4, u4Took] = assign('u4', 'u3');
    incident.given([declared, u3Took, listApplied]).when(toU4).then([u4Took]);
    // applied by hand before anyone took the role
    const [first, firstTook] = assign('u3', null);
    incident.given([declared, listApplied]).when(first).then([firstTook]);
    // unassigned and taken again: still once
    const unassigned: IncidentEvent = {
      type: 'IncidentRoleAssigned',
      data: { incidentId: 'i1', roleId: 'communications', userId: null, previous: 'u3' },
    };
    incident
      .given([declared, u3Took, listApplied, unassigned])
      .when(toU3)
      .then([{ ...u3Took, data: { ...u3Took.data, previous: null } }]);
  });

  it('records a team paged once, and a failed page only while the team is not paged', () => {
    const page = { ...base, teamId: 'team1', escalationPolicyId: 'p1' };
    const paged: IncidentEvent = {
      type: 'IncidentTeamPaged',
      data: { incidentId: 'i1', teamId: 'team1', escalationPolicyId: 'p1', alertId: 'a1' },
    };
    const failed: IncidentCommand = { ...page, type: 'RecordIncidentTeamPageFailed', reason: 'not sent' };
    incident
      .given([declared])
      .when({ ...page, type: 'RecordIncidentTeamPaged', alertId: 'a1' })
      .then([paged]);
    incident
      .given([declared, paged])
      .when({ ...page, type: 'RecordIncidentTeamPaged', alertId: 'a1' })
      .thenNothingHappened();
    incident.given([declared, paged]).when(failed).thenNothingHappened();
    incident
      .given([declared])
      .when(failed)
      .then([
        {
          type: 'IncidentTeamPageFailed',
          data: { incidentId: 'i1', teamId: 'team1', escalationPolicyId: 'p1', reason: 'not sent' },
        },
      ]);
  });

  it('takes http and https links only, and stars an entry once', () => {
    const link = (url: string): IncidentCommand => ({ ...base, type: 'AddIncidentLink', url, title: '' });
    incident
      .given([declared])
      .when(link('javascript:alert(1)'))
      .thenThrows((e) => expect(fieldsOf(e)).toEqual({ url: ['url must be an http or https URL'] }));
    incident
      .given([declared])
      .when(link('https://status.example.com'))
      .then([
        {
          type: 'IncidentLinkAdded',
          data: {
            incidentId: 'i1',
            linkId: 'l1',
            url: 'https://status.example.com',
            title: 'https://status.example.com',
          },
        },
      ]);
    const star: IncidentCommand = { ...base, type: 'StarIncidentEntry', position: 12, starred: true, entryFound: true };
    const starred: IncidentEvent = {
      type: 'IncidentEntryStarred',
      data: { incidentId: 'i1', position: 12, starred: true },
    };
    incident.given([declared]).when(star).then([starred]);
    incident.given([declared, starred]).when(star).thenNothingHappened();
  });
});
