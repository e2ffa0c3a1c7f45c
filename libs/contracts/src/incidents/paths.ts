/**
 * The incidents area's calls (issue 21), one file for the area as every area has one `paths.ts`. Each sub-area
 * keeps its own section below.
 */

// --- incident settings (/api/v1/incident_settings/...) ---

// --- incidents, their timeline, tasks and follow-ups (/api/v1/incidents/...) ---

// --- scheduled maintenances (/api/v1/incidents/maintenances...) ---
export const MAINTENANCES_API = '/api/v1/incidents/maintenances';
export const maintenancePath = (maintenanceId: string) => `${MAINTENANCES_API}/${encodeURIComponent(maintenanceId)}`;
/** POST: called off; the alerts it holds page at once. */
export const maintenanceCancelPath = (maintenanceId: string) => `${maintenancePath(maintenanceId)}/cancel`;
/** POST: over now, before its planned end; the alerts it holds page at once. */
export const maintenanceEndPath = (maintenanceId: string) => `${maintenancePath(maintenanceId)}/end`;

// --- retrospective templates and retrospectives ---
export {};
