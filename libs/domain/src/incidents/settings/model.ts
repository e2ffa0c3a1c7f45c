/**
 * Incident settings (issue 21): what an organization's incidents are described with. One shape every part of the
 * incident side agrees on: the settings area edits it (`/settings/*`), incidents validate against it (a severity,
 * a priority, a type's required fields, the milestone order), retrospectives pre-fill from it. Every list item has
 * a stable id; names are what people read. A new organization starts from DEFAULT_INCIDENT_SETTINGS.
 */

/** "SEV1" (most severe) ... "SEV5": `rank` 1 is the most severe, ranks are unique within the list. */
export interface IncidentSeverity {
  id: string;
  name: string;
  description: string;
  rank: number;
}

/** "P1" (most urgent) ... "P4": `rank` 1 is the most urgent. */
export interface IncidentPriority {
  id: string;
  name: string;
  description: string;
  rank: number;
}

/** The milestones the product itself reads (MTTD, MTTA, MTTM, MTTR are measured between them). */
export const BUILT_IN_MILESTONES = [
  'started',
  'detected',
  'acknowledged',
  'mitigated',
  'resolved',
  'retrospective_completed',
  'closed',
] as const;
export type BuiltInMilestone = (typeof BUILT_IN_MILESTONES)[number];

/**
 * A milestone an incident can reach: a timestamp, in `position` order (each at or after the one before). Built-in
 * ones have their `key` from BUILT_IN_MILESTONES and cannot be removed; custom ones (flag customMilestones) get a
 * slug key of their own.
 */
export interface MilestoneDefinition {
  id: string;
  key: string;
  name: string;
  position: number;
  builtIn: boolean;
}

/** A duration measured between two milestones (by key): MTTD and the others are built in; settings can add more. */
export interface DurationDefinition {
  id: string;
  name: string;
  from: string;
  to: string;
  builtIn: boolean;
}

/** An incident role people are assigned to, with the task list applied when someone takes it. */
export interface IncidentRoleDefinition {
  id: string;
  name: string;
  description: string;
  /** A task list id, or null. */
  taskListId: string | null;
  /** Commander, Communications, Operations: renamed, never removed. */
  builtIn: boolean;
}

/** Fields an incident type can require when an incident of that type is declared (flag incidentTypesRequiredFields). */
export const INCIDENT_REQUIRED_FIELDS = [
  'summary',
  'customer_impact',
  'severity',
  'priority',
  'impacted_services',
  'environments',
  'labels',
] as const;
export type IncidentRequiredField = (typeof INCIDENT_REQUIRED_FIELDS)[number];

export interface IncidentTypeDefinition {
  id: string;
  name: string;
  description: string;
  requiredFields: IncidentRequiredField[];
}

export interface TaskListDefinition {
  id: string;
  name: string;
  tasks: Array<{ title: string; description: string }>;
}

export interface StatusUpdateTemplate {
  id: string;
  name: string;
  /** The text an update starts from; `{{incident.name}}`, `{{incident.severity}}`, `{{incident.status}}` are filled in. */
  body: string;
}

/** Conditions (what an incident's impacted service is in: degraded, outage...) and audiences: named lists. */
export interface NamedItem {
  id: string;
  name: string;
  description: string;
}

/** Impact x likelihood -> severity: `cells[impactIndex][likelihoodIndex]` is a severity id (or null: not set). */
export interface SeverityMatrix {
  impacts: string[];
  likelihoods: string[];
  cells: Array<Array<string | null>>;
}

/** Where follow-ups become tickets (owner only). No external tracker is reachable from here: kept as settings. */
export interface TicketingSettings {
  provider: 'none' | 'jira' | 'linear' | 'servicenow';
  projectKey: string;
  autoCreateFollowUps: boolean;
}

export interface IncidentSettings {
  severities: IncidentSeverity[];
  priorities: IncidentPriority[];
  milestones: MilestoneDefinition[];
  durations: DurationDefinition[];
  roles: IncidentRoleDefinition[];
  types: IncidentTypeDefinition[];
  taskLists: TaskListDefinition[];
  statusUpdateTemplates: StatusUpdateTemplate[];
  conditions: NamedItem[];
  audiences: NamedItem[];
  severityMatrix: SeverityMatrix;
  ticketing: TicketingSettings;
}
