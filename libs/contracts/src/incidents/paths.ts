/**
 * The incidents area's calls (issue 21), one file for the area as every area has one `paths.ts`. Each sub-area
 * keeps its own section below.
 */

// --- incident settings (/api/v1/incident_settings/...) ---
/** GET: the organization's incident settings, every part (read_incident_settings). */
export const INCIDENT_SETTINGS_API = '/api/v1/incident_settings';
/** How each part is named in its path (PUT one part: manage_incident_settings; ticketing: owners). */
export const INCIDENT_SETTINGS_PART_PATHS = {
  severities: 'severities',
  priorities: 'priorities',
  milestones: 'milestones',
  durations: 'durations',
  roles: 'roles',
  types: 'types',
  taskLists: 'task_lists',
  statusUpdateTemplates: 'status_update_templates',
  conditions: 'conditions',
  audiences: 'audiences',
  severityMatrix: 'severity_matrix',
  ticketing: 'ticketing',
} as const;
export type IncidentSettingsPartName = keyof typeof INCIDENT_SETTINGS_PART_PATHS;
export const incidentSettingsPartPath = (part: IncidentSettingsPartName) =>
  `${INCIDENT_SETTINGS_API}/${INCIDENT_SETTINGS_PART_PATHS[part]}`;

// --- incidents, their timeline, tasks and follow-ups (/api/v1/incidents/...) ---

// --- scheduled maintenances (/api/v1/incidents/maintenances...) ---

// --- retrospective templates and retrospectives ---
export {};
