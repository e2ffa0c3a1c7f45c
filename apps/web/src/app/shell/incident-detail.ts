/** Pages under /incidents that list or plan rather than show one incident. */
const INCIDENT_AREA_PAGES = new Set(['tasks', 'follow_ups', 'maintenances']);

/**
 * SPEC.md section 2, shell behaviour: "Incident detail pages hide the footer and remove bottom padding".
 * An incident detail page is /incidents/{id} and every page below it (timeline, retrospective, ...).
 */
export function isIncidentDetailPath(pathname: string): boolean {
  const [first, area, id] = pathname.split('/');
  return first === '' && area === 'incidents' && !!id && !INCIDENT_AREA_PAGES.has(id);
}
