import type { PagePagination } from '../../organization-admin/organization-admin';

/** Issue 21, "Incidents": what the API answers and takes. Times are ISO-8601, durations ISO-8601 (`PT5M`). */
export type IncidentStatus = 'open' | 'mitigated' | 'resolved' | 'closed';
export type FollowUpStatus = 'open' | 'in_progress' | 'done' | 'cancelled';

/** The editable fields as requests and answers name them. */
export interface IncidentFieldValues {
  name: string;
  summary: string;
  customer_impact: string;
  severity_id: string | null;
  priority_id: string | null;
  type_id: string;
  team_id: string | null;
  impacted_services: string[];
  environments: string[];
  labels: Record<string, string>;
}
export type IncidentFieldName = keyof IncidentFieldValues;

/** Each field's version (what a save is based on), who set it last and when. */
export interface IncidentFieldVersion {
  version: number;
  set_by: string | null;
  set_at: string;
}

export interface IncidentTask {
  id: string;
  incident_id: string;
  title: string;
  assignee_id: string | null;
  due_at: string | null;
  done: boolean;
  done_at: string | null;
  task_list_id: string | null;
}

/** Tasks across incidents name theirs. */
export interface IncidentTaskListed extends IncidentTask {
  incident_reference: string;
  incident_name: string;
}

export interface IncidentFollowUp {
  id: string;
  incident_id: string;
  incident_reference: string;
  incident_name: string;
  title: string;
  owner_id: string | null;
  due_at: string | null;
  status: FollowUpStatus;
  created_at: string;
  updated_at: string;
}

export interface IncidentDurationValue {
  id: string;
  name: string;
  from: string;
  to: string;
  seconds: number | null;
  duration: string | null;
}

export interface IncidentSummary extends IncidentFieldValues {
  id: string;
  number: number;
  /** "INC-12". */
  reference: string;
  status: IncidentStatus;
  /** Milestone key -> time, only those set. */
  milestones: Record<string, string>;
  declared_at: string;
  declared_by: string | null;
  alert_id: string | null;
  updated_at: string;
  /** Role id -> the member in it (the list shows the commander). */
  roles: Record<string, string>;
}

export interface Incident extends IncidentSummary {
  versions: Record<IncidentFieldName, IncidentFieldVersion>;
  links: Array<{ id: string; url: string; title: string }>;
  tasks: IncidentTask[];
  follow_ups: IncidentFollowUp[];
  durations: IncidentDurationValue[];
  /** Timeline positions starred (shared by everyone in the incident). */
  starred: number[];
  /** Alerts that paged a team for the incident. */
  paged_alert_ids: string[];
  /** The position of the incident's latest event: where the timeline's catch-up starts. */
  position: number;
}

export interface IncidentsResponse {
  data: IncidentSummary[];
  pagination: PagePagination;
}

/** POST /api/v1/incidents. */
export interface DeclareIncidentRequest extends Partial<Omit<IncidentFieldValues, 'name'>> {
  name: string;
  started_at?: string;
  detected_at?: string;
  /** Declared from this alert: both show the link. */
  alert_id?: string;
  /** Page this team through one of its escalation policies (its only or first one unless named). */
  page?: { team_id: string; escalation_policy_id?: string };
}

/**
 * PATCH /api/v1/incidents/{id}: the fields to change and, per field, the version the edit is based on. A field
 * changed by someone else since answers 409 with `conflicts` (their value, who, when): retry with their version.
 */
export interface ChangeIncidentRequest extends Partial<IncidentFieldValues> {
  versions?: Partial<Record<IncidentFieldName, number>>;
}

export interface IncidentFieldConflict {
  field: IncidentFieldName;
  value: unknown;
  version: number;
  set_by: string | null;
  set_at: string;
}

export interface IncidentConflictAnswer {
  error: 'conflict';
  message: string;
  fields: Record<string, string[]>;
  conflicts: IncidentFieldConflict[];
}

export type IncidentEntryKind =
  | 'declared'
  | 'fields_changed'
  | 'milestone_set'
  | 'milestone_cleared'
  | 'role_assigned'
  | 'task_added'
  | 'task_changed'
  | 'task_removed'
  | 'task_list_applied'
  | 'follow_up_added'
  | 'follow_up_changed'
  | 'note'
  | 'status_update'
  | 'link_added'
  | 'link_removed'
  | 'entry_starred'
  | 'team_paged'
  | 'team_page_failed';

/**
 * One event of the incident, as the timeline shows it. `system` entries (stars, task-list bookkeeping, paging)
 * fold away by default; notes and status updates are people's words, shown inline.
 */
export interface IncidentTimelineEntry {
  position: number;
  kind: IncidentEntryKind;
  at: string;
  actor_id: string | null;
  system: boolean;
  starred: boolean;
  /** The event's data, as recorded (snake-cased keys are not promised: read it by kind). */
  data: Record<string, unknown>;
}

export interface IncidentTimelineResponse {
  data: IncidentTimelineEntry[];
  /** The incident's latest position: a client that saw it has seen everything. */
  last_position: number;
}

export interface IncidentChangesResponse extends IncidentTimelineResponse {
  /** Where this person looked last (null: never). */
  last_visited_position: number | null;
  /** When this person looked last (null: never). */
  last_visited_at: string | null;
}

export interface IncidentAsOfResponse {
  data: { position: number; at: string; incident: Incident };
}

export interface IncidentTasksResponse {
  data: IncidentTaskListed[];
  pagination: PagePagination;
}
export interface IncidentFollowUpsResponse {
  data: IncidentFollowUp[];
  pagination: PagePagination;
}

/** A name of the incident settings (severity, priority, type, role). */
export interface IncidentNamed {
  id: string;
  name: string;
}

/**
 * GET /api/v1/incidents/names (read_incidents, so every role): what incidents carry by id, in words: the settings'
 * names (not the rest of the settings) and the names of the members asked for (`user_ids`); an id that is no
 * member of the organization is left out.
 */
export interface IncidentNamesResponse {
  data: {
    milestones: Array<{ id: string; key: string; name: string; position: number }>;
    roles: IncidentNamed[];
    severities: IncidentNamed[];
    priorities: IncidentNamed[];
    types: IncidentNamed[];
    /** User id -> name (or email when the member has no name). */
    people: Record<string, string>;
  };
}

export interface IncidentStatusUpdateDraft {
  template_id: string;
  body: string;
}
