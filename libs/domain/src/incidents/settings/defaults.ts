import type { IncidentSettings } from './model';

const milestoneNames: Array<[string, string]> = [
  ['started', 'Started'],
  ['detected', 'Detected'],
  ['acknowledged', 'Acknowledged'],
  ['mitigated', 'Mitigated'],
  ['resolved', 'Resolved'],
  ['retrospective_completed', 'Retrospective completed'],
  ['closed', 'Closed'],
];

/**
 * What a new organization starts with (issue 21): SEV1 to SEV5, P1 to P4, the Commander / Communications /
 * Operations roles, the seven built-in milestones and the four mean-time durations. Ids are fixed strings, the
 * same in every organization, so the defaults need no event: an organization's settings are these until it
 * changes them, and a change records the whole list it makes.
 */
export const DEFAULT_INCIDENT_SETTINGS: IncidentSettings = {
  severities: [
    { id: 'sev1', name: 'SEV1', description: 'Critical: a core service is down for many customers.', rank: 1 },
    {
      id: 'sev2',
      name: 'SEV2',
      description: 'Major: a core service is degraded, or down for some customers.',
      rank: 2,
    },
    {
      id: 'sev3',
      name: 'SEV3',
      description: 'Moderate: a part of a service is degraded; a workaround exists.',
      rank: 3,
    },
    { id: 'sev4', name: 'SEV4', description: 'Minor: little customer impact.', rank: 4 },
    { id: 'sev5', name: 'SEV5', description: 'Cosmetic or internal only.', rank: 5 },
  ],
  priorities: [
    { id: 'p1', name: 'P1', description: 'Drop everything.', rank: 1 },
    { id: 'p2', name: 'P2', description: 'Work on it now.', rank: 2 },
    { id: 'p3', name: 'P3', description: 'Work on it today.', rank: 3 },
    { id: 'p4', name: 'P4', description: 'Work on it when there is time.', rank: 4 },
  ],
  milestones: milestoneNames.map(([key, name], position) => ({ id: key, key, name, position, builtIn: true })),
  durations: [
    { id: 'mttd', name: 'Time to detect (MTTD)', from: 'started', to: 'detected', builtIn: true },
    { id: 'mtta', name: 'Time to acknowledge (MTTA)', from: 'started', to: 'acknowledged', builtIn: true },
    { id: 'mttm', name: 'Time to mitigate (MTTM)', from: 'started', to: 'mitigated', builtIn: true },
    { id: 'mttr', name: 'Time to resolve (MTTR)', from: 'started', to: 'resolved', builtIn: true },
  ],
  roles: [
    {
      id: 'commander',
      name: 'Commander',
      description: 'Leads the response: decides, delegates and keeps the timeline.',
      taskListId: null,
      builtIn: true,
    },
    {
      id: 'communications',
      name: 'Communications',
      description: 'Writes status updates for customers and the company.',
      taskListId: null,
      builtIn: true,
    },
    {
      id: 'operations',
      name: 'Operations',
      description: 'Works the technical fix and reports progress.',
      taskListId: null,
      builtIn: true,
    },
  ],
  types: [{ id: 'default', name: 'Default', description: 'Any incident.', requiredFields: [] }],
  taskLists: [],
  statusUpdateTemplates: [
    {
      id: 'investigating',
      name: 'Investigating',
      body: 'We are investigating {{incident.name}}. Severity: {{incident.severity}}. We will post an update soon.',
    },
    {
      id: 'resolved',
      name: 'Resolved',
      body: '{{incident.name}} is resolved. Thank you for your patience.',
    },
  ],
  conditions: [
    { id: 'operational', name: 'Operational', description: 'Working as expected.' },
    { id: 'degraded', name: 'Degraded', description: 'Slower or partly failing.' },
    { id: 'outage', name: 'Outage', description: 'Not working.' },
  ],
  audiences: [],
  severityMatrix: {
    impacts: ['Low', 'Medium', 'High'],
    likelihoods: ['Unlikely', 'Likely', 'Certain'],
    cells: [
      ['sev5', 'sev4', 'sev3'],
      ['sev4', 'sev3', 'sev2'],
      ['sev3', 'sev2', 'sev1'],
    ],
  },
  ticketing: { provider: 'none', projectKey: '', autoCreateFollowUps: false },
};
