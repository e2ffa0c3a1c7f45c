/**
 * An incident (issue 21): one stream per incident, every change an event with its actor (the log's metadata).
 * The editable fields, as the decider and the read models name them; the API names them in snake case
 * (INCIDENT_FIELD_NAMES).
 */
export interface IncidentFields {
  name: string;
  summary: string;
  customerImpact: string;
  /** A severity id of the organization's settings, or null. */
  severityId: string | null;
  priorityId: string | null;
  /** An incident type id of the settings: its required fields are enforced. */
  typeId: string;
  /** The team that owns the incident (the list filters on it), or null. */
  teamId: string | null;
  /** Free text until the service catalogue exists. */
  impactedServices: string[];
  environments: string[];
  labels: Record<string, string>;
}
export type IncidentField = keyof IncidentFields;

/** Each field as requests, answers and messages name it. */
export const INCIDENT_FIELD_NAMES: Record<IncidentField, string> = {
  name: 'name',
  summary: 'summary',
  customerImpact: 'customer_impact',
  severityId: 'severity_id',
  priorityId: 'priority_id',
  typeId: 'type_id',
  teamId: 'team_id',
  impactedServices: 'impacted_services',
  environments: 'environments',
  labels: 'labels',
};
export const INCIDENT_FIELDS = Object.keys(INCIDENT_FIELD_NAMES) as IncidentField[];

/** The alert an incident was declared from (both sides show the link). */
export interface IncidentAlertLink {
  alertId: string;
  stream: string;
  episode: number;
  summary: string;
}

/** The team a declaration asked to page, through which escalation policy. */
export interface IncidentPageRequest {
  teamId: string;
  escalationPolicyId: string;
}

export type IncidentDeclared = {
  type: 'IncidentDeclared';
  data: {
    incidentId: string;
    orgId: string;
    /** The organization's running number: "INC-12". */
    number: number;
    at: string;
    by: string | null;
    fields: IncidentFields;
    /** `started` and `detected` at least. */
    milestones: Record<string, string>;
    alert: IncidentAlertLink | null;
    /** The team to page (paged after the declaration; a reactor sees to it that a crash in between loses no page). */
    page?: IncidentPageRequest | null;
  };
};
/** One save of one or more fields; each field's version counts its saves (1 at the declaration). */
export type IncidentFieldsChanged = {
  type: 'IncidentFieldsChanged';
  data: {
    incidentId: string;
    at: string;
    by: string | null;
    changes: Array<{ field: IncidentField; value: unknown; previous: unknown; version: number }>;
  };
};
export type IncidentMilestoneSet = {
  type: 'IncidentMilestoneSet';
  data: { incidentId: string; milestone: string; at: string; previous: string | null };
};
export type IncidentMilestoneCleared = {
  type: 'IncidentMilestoneCleared';
  data: { incidentId: string; milestone: string; previous: string };
};
export type IncidentRoleAssigned = {
  type: 'IncidentRoleAssigned';
  data: { incidentId: string; roleId: string; userId: string | null; previous: string | null };
};
export interface IncidentTask {
  taskId: string;
  title: string;
  assigneeId: string | null;
  dueAt: string | null;
  done: boolean;
  doneAt: string | null;
  /** The task list it came from, or null. */
  taskListId: string | null;
}
export type IncidentTaskAdded = { type: 'IncidentTaskAdded'; data: { incidentId: string } & IncidentTask };
export type IncidentTaskChanged = { type: 'IncidentTaskChanged'; data: { incidentId: string } & IncidentTask };
export type IncidentTaskRemoved = { type: 'IncidentTaskRemoved'; data: { incidentId: string; taskId: string } };
/** The tasks a task list made, as IncidentTaskAdded events after this one. */
export type IncidentTaskListApplied = {
  type: 'IncidentTaskListApplied';
  data: { incidentId: string; taskListId: string; name: string; taskIds: string[] };
};
export const FOLLOW_UP_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export interface IncidentFollowUp {
  followUpId: string;
  title: string;
  ownerId: string | null;
  dueAt: string | null;
  status: FollowUpStatus;
}
export type IncidentFollowUpAdded = {
  type: 'IncidentFollowUpAdded';
  data: { incidentId: string } & IncidentFollowUp;
};
export type IncidentFollowUpChanged = {
  type: 'IncidentFollowUpChanged';
  data: { incidentId: string } & IncidentFollowUp;
};
export type IncidentNoteAdded = {
  type: 'IncidentNoteAdded';
  data: { incidentId: string; noteId: string; body: string };
};
export type IncidentStatusUpdatePosted = {
  type: 'IncidentStatusUpdatePosted';
  data: { incidentId: string; updateId: string; templateId: string | null; body: string; status: IncidentStatus };
};
export type IncidentLinkAdded = {
  type: 'IncidentLinkAdded';
  data: { incidentId: string; linkId: string; url: string; title: string };
};
export type IncidentLinkRemoved = { type: 'IncidentLinkRemoved'; data: { incidentId: string; linkId: string } };
/** Stars are the incident's, shared by everyone in it: the retrospective takes the starred entries. */
export type IncidentEntryStarred = {
  type: 'IncidentEntryStarred';
  data: { incidentId: string; position: number; starred: boolean };
};
/** A team paged for the incident through one of its escalation policies (an alert of the incident's own). */
export type IncidentTeamPaged = {
  type: 'IncidentTeamPaged';
  data: { incidentId: string; teamId: string; escalationPolicyId: string; alertId: string };
};
/** A page asked for with the declaration that did not go out: the incident stands, the room shows why. */
export type IncidentTeamPageFailed = {
  type: 'IncidentTeamPageFailed';
  data: { incidentId: string; teamId: string; escalationPolicyId: string; reason: string };
};

export type IncidentEvent =
  | IncidentDeclared
  | IncidentFieldsChanged
  | IncidentMilestoneSet
  | IncidentMilestoneCleared
  | IncidentRoleAssigned
  | IncidentTaskAdded
  | IncidentTaskChanged
  | IncidentTaskRemoved
  | IncidentTaskListApplied
  | IncidentFollowUpAdded
  | IncidentFollowUpChanged
  | IncidentNoteAdded
  | IncidentStatusUpdatePosted
  | IncidentLinkAdded
  | IncidentLinkRemoved
  | IncidentEntryStarred
  | IncidentTeamPaged
  | IncidentTeamPageFailed;

export const INCIDENT_EVENT_TYPES: ReadonlyArray<IncidentEvent['type']> = [
  'IncidentDeclared',
  'IncidentFieldsChanged',
  'IncidentMilestoneSet',
  'IncidentMilestoneCleared',
  'IncidentRoleAssigned',
  'IncidentTaskAdded',
  'IncidentTaskChanged',
  'IncidentTaskRemoved',
  'IncidentTaskListApplied',
  'IncidentFollowUpAdded',
  'IncidentFollowUpChanged',
  'IncidentNoteAdded',
  'IncidentStatusUpdatePosted',
  'IncidentLinkAdded',
  'IncidentLinkRemoved',
  'IncidentEntryStarred',
  'IncidentTeamPaged',
  'IncidentTeamPageFailed',
];

/**
 * Where an incident stands, read from its milestones (as FireHydrant's milestones are its status): closed once
 * Closed is set, else resolved once Resolved is, else mitigated once Mitigated is, else open. Clearing Resolved
 * reopens it.
 */
export const INCIDENT_STATUSES = ['open', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export function incidentStatusOf(milestones: Record<string, string | null | undefined>): IncidentStatus {
  if (milestones.closed) return 'closed';
  if (milestones.resolved) return 'resolved';
  if (milestones.mitigated) return 'mitigated';
  return 'open';
}

export const incidentStream = (incidentId: string) => `incident-${incidentId}`;
export const incidentReference = (number: number) => `INC-${number}`;
