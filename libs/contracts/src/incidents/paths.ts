/**
 * The incidents area's calls (issue 21), one file for the area as every area has one `paths.ts`. Each sub-area
 * keeps its own section below.
 */

// --- incident settings (/api/v1/incident_settings/...) ---

// --- incidents, their timeline, tasks and follow-ups (/api/v1/incidents/...) ---

// --- scheduled maintenances (/api/v1/incidents/maintenances...) ---

// --- retrospective templates and retrospectives ---
/** read_incident_settings to read, manage_incident_settings to change (settings/retrospectives/templates). */
export const RETROSPECTIVE_TEMPLATES_API = '/api/v1/retrospective_templates';
export const retrospectiveTemplatePath = (templateId: string) =>
  `${RETROSPECTIVE_TEMPLATES_API}/${encodeURIComponent(templateId)}`;
/** POST: a new template named "Copy of X" with X's sections and questions. */
export const retrospectiveTemplateCopyPath = (templateId: string) => `${retrospectiveTemplatePath(templateId)}/copy`;
