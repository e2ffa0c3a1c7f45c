import type { INCIDENT_SETTINGS_PART_PATHS, IncidentSettingsPartName } from '../paths';

/** A part as its path names it: `severities`, `task_lists`, `severity_matrix`... */
export type IncidentSettingsPartPath = (typeof INCIDENT_SETTINGS_PART_PATHS)[IncidentSettingsPartName];

/**
 * Incident settings as the API shows them (issue 21). `revisions` holds each part's revision: a save sends the
 * revision it read as `expected_revision`, and a stale one is answered 409 `stale_revision` with the settings as
 * they are now in `data`.
 */
export interface IncidentSeverityResource {
  id: string;
  name: string;
  description: string;
  rank: number;
}
export type IncidentPriorityResource = IncidentSeverityResource;
export interface IncidentMilestoneResource {
  id: string;
  key: string;
  name: string;
  position: number;
  built_in: boolean;
}
export interface IncidentDurationResource {
  id: string;
  name: string;
  /** Milestone keys. */
  from: string;
  to: string;
  built_in: boolean;
}
export interface IncidentRoleResource {
  id: string;
  name: string;
  description: string;
  task_list_id: string | null;
  built_in: boolean;
}
export interface IncidentTypeResource {
  id: string;
  name: string;
  description: string;
  required_fields: string[];
}
export interface IncidentTaskListResource {
  id: string;
  name: string;
  tasks: Array<{ title: string; description: string }>;
}
export interface StatusUpdateTemplateResource {
  id: string;
  name: string;
  body: string;
}
export interface IncidentNamedItemResource {
  id: string;
  name: string;
  description: string;
}
export interface SeverityMatrixResource {
  impacts: string[];
  likelihoods: string[];
  /** `cells[impact][likelihood]`: a severity id or null. */
  cells: Array<Array<string | null>>;
}
export interface TicketingSettingsResource {
  provider: 'none' | 'jira' | 'linear' | 'servicenow';
  project_key: string;
  auto_create_follow_ups: boolean;
}

export interface IncidentSettingsResource {
  severities: IncidentSeverityResource[];
  priorities: IncidentPriorityResource[];
  milestones: IncidentMilestoneResource[];
  durations: IncidentDurationResource[];
  roles: IncidentRoleResource[];
  types: IncidentTypeResource[];
  task_lists: IncidentTaskListResource[];
  status_update_templates: StatusUpdateTemplateResource[];
  conditions: IncidentNamedItemResource[];
  audiences: IncidentNamedItemResource[];
  severity_matrix: SeverityMatrixResource;
  ticketing: TicketingSettingsResource;
  /** Each part's revision (0 until first saved), keyed by the part's path name. */
  revisions: Record<IncidentSettingsPartPath, number>;
}

export interface IncidentSettingsResponse {
  data: IncidentSettingsResource;
}

/** An item of a list as sent: `id` of an existing item, or left out / null for a new one. */
type Sent<Item> = Omit<Item, 'id' | 'built_in' | 'key' | 'position'> & { id?: string | null };

export interface IncidentSettingsListRequest<Item> {
  expected_revision: number;
  items: Array<Sent<Item>>;
}
export type SeverityMatrixRequest = SeverityMatrixResource & { expected_revision: number };
export type TicketingSettingsRequest = TicketingSettingsResource & { expected_revision: number };

/** The 409 answer to a stale save. */
export interface StaleIncidentSettingsAnswer {
  error: 'stale_revision';
  message: string;
  data: IncidentSettingsResource;
}
