/**
 * The incidents area's calls (issue 21), one file for the area as every area has one `paths.ts`. Each sub-area
 * keeps its own section below.
 */

// --- incident settings (/api/v1/incident_settings/...) ---

// --- incidents, their timeline, tasks and follow-ups (/api/v1/incidents/...) ---

// --- scheduled maintenances (/api/v1/incidents/maintenances...) ---

// --- retrospective templates and retrospectives ---
export {};
