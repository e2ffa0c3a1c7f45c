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
export const INCIDENTS_API = '/api/v1/incidents';
/** Tasks and follow-ups across incidents (`/incidents/tasks`, `/incidents/follow_ups`). */
export const INCIDENT_TASKS_API = `${INCIDENTS_API}/tasks`;
export const INCIDENT_FOLLOW_UPS_API = `${INCIDENTS_API}/follow_ups`;
/** GET: the settings' names and the named members' names, for every reader of incidents (`?user_ids=a,b`). */
export const INCIDENT_NAMES_API = `${INCIDENTS_API}/names`;
export const incidentPath = (incidentId: string) => `${INCIDENTS_API}/${encodeURIComponent(incidentId)}`;
export const incidentMilestonePath = (incidentId: string, milestone: string) =>
  `${incidentPath(incidentId)}/milestones/${encodeURIComponent(milestone)}`;
export const incidentRolePath = (incidentId: string, roleId: string) =>
  `${incidentPath(incidentId)}/roles/${encodeURIComponent(roleId)}`;
export const incidentTasksPath = (incidentId: string) => `${incidentPath(incidentId)}/tasks`;
export const incidentTaskPath = (incidentId: string, taskId: string) =>
  `${incidentTasksPath(incidentId)}/${encodeURIComponent(taskId)}`;
export const incidentTaskListsPath = (incidentId: string) => `${incidentPath(incidentId)}/task_lists`;
export const incidentFollowUpsPath = (incidentId: string) => `${incidentPath(incidentId)}/follow_ups`;
export const incidentFollowUpPath = (incidentId: string, followUpId: string) =>
  `${incidentFollowUpsPath(incidentId)}/${encodeURIComponent(followUpId)}`;
export const incidentNotesPath = (incidentId: string) => `${incidentPath(incidentId)}/notes`;
export const incidentStatusUpdatesPath = (incidentId: string) => `${incidentPath(incidentId)}/status_updates`;
/** The template's body with the incident's values filled in, to edit before posting. */
export const incidentStatusUpdateDraftPath = (incidentId: string) => `${incidentStatusUpdatesPath(incidentId)}/draft`;
export const incidentLinksPath = (incidentId: string) => `${incidentPath(incidentId)}/links`;
export const incidentLinkPath = (incidentId: string, linkId: string) =>
  `${incidentLinksPath(incidentId)}/${encodeURIComponent(linkId)}`;
export const incidentTimelinePath = (incidentId: string) => `${incidentPath(incidentId)}/timeline`;
/** `.md` or `.csv`: the timeline sorted by time. */
export const incidentTimelineExportPath = (incidentId: string, format: 'md' | 'csv') =>
  `${incidentTimelinePath(incidentId)}.${format}`;
export const incidentStarPath = (incidentId: string, position: number) =>
  `${incidentTimelinePath(incidentId)}/${position}/star`;
/** What happened since this person last looked (GET), and where they looked last (POST). */
export const incidentChangesPath = (incidentId: string) => `${incidentPath(incidentId)}/changes`;
export const incidentVisitPath = (incidentId: string) => `${incidentPath(incidentId)}/visit`;
/** The incident as it was just after the event at `position` (the step-through view). */
export const incidentAsOfPath = (incidentId: string, position: number) =>
  `${incidentPath(incidentId)}/as_of?position=${position}`;

// --- scheduled maintenances (/api/v1/incidents/maintenances...) ---
export const MAINTENANCES_API = '/api/v1/incidents/maintenances';
export const maintenancePath = (maintenanceId: string) => `${MAINTENANCES_API}/${encodeURIComponent(maintenanceId)}`;
/** POST: called off; the alerts it holds page at once. */
export const maintenanceCancelPath = (maintenanceId: string) => `${maintenancePath(maintenanceId)}/cancel`;
/** POST: over now, before its planned end; the alerts it holds page at once. */
export const maintenanceEndPath = (maintenanceId: string) => `${maintenancePath(maintenanceId)}/end`;
/** GET: the alert episodes it held, latest first. */
export const maintenanceHeldAlertsPath = (maintenanceId: string) => `${maintenancePath(maintenanceId)}/held_alerts`;

// --- retrospective templates and retrospectives ---
/** read_incident_settings to read, manage_incident_settings to change (settings/retrospectives/templates). */
export const RETROSPECTIVE_TEMPLATES_API = '/api/v1/retrospective_templates';
export const retrospectiveTemplatePath = (templateId: string) =>
  `${RETROSPECTIVE_TEMPLATES_API}/${encodeURIComponent(templateId)}`;
/** POST: a new template named "Copy of X" with X's sections and questions. */
export const retrospectiveTemplateCopyPath = (templateId: string) => `${retrospectiveTemplatePath(templateId)}/copy`;
/**
 * An incident's retrospective (read_incidents to read and export; manage_incidents to start and work it):
 * GET it, POST `{ template_id }` to start it (one per incident).
 */
export const retrospectivePath = (incidentId: string) => `${incidentPath(incidentId)}/retrospective`;
/** PUT `{ answer, revision }`: a stale revision answers 409 with the other person's answer. */
export const retrospectiveAnswerPath = (incidentId: string, questionId: string) =>
  `${retrospectivePath(incidentId)}/answers/${encodeURIComponent(questionId)}`;
/** POST `{ text }` adds one; DELETE `.../{factorId}` removes it. */
export const retrospectiveFactorsPath = (incidentId: string) => `${retrospectivePath(incidentId)}/contributing_factors`;
export const retrospectiveFactorPath = (incidentId: string, factorId: string) =>
  `${retrospectiveFactorsPath(incidentId)}/${encodeURIComponent(factorId)}`;
/** PUT `{ status }`: in_progress -> in_review -> completed; in_review -> in_progress. */
export const retrospectiveStatusPath = (incidentId: string) => `${retrospectivePath(incidentId)}/status`;
/** The document as a download (Content-Disposition: attachment). */
export const retrospectiveExportPath = (incidentId: string, format: 'md' | 'pdf') =>
  `${retrospectivePath(incidentId)}.${format}`;
