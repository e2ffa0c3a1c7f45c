/**
 * SPEC.md section 2, "Legacy navigation and redirects": older addresses still arrive from bookmarks,
 * e-mails and other products. Each keeps its trailing segments and its query.
 *
 * `prefix` moves everything below `from` (`/services/abc/edit` -> `/catalog/services/abc/edit`);
 * `exact` moves only that address, for old paths whose new home lies below them
 * (`/analytics/mttx_analytics` -> `/analytics/mttx_analytics/services` must not match again).
 * Kept free of the DOM so the unit test runs under node.
 */
export interface LegacyRedirect {
  from: string;
  to: string;
  match: 'prefix' | 'exact';
}

export const LEGACY_REDIRECTS: readonly LegacyRedirect[] = [
  // organizations/* -> settings/* or status_pages
  { from: '/organizations/members', to: '/settings/users', match: 'prefix' },
  { from: '/organizations/settings', to: '/settings/organization', match: 'prefix' },
  { from: '/organizations/sso/settings/edit', to: '/settings/sso/edit', match: 'exact' },
  { from: '/organizations/integrations', to: '/settings/integrations', match: 'prefix' },
  { from: '/organizations/bots', to: '/settings/api_keys', match: 'prefix' },
  { from: '/organizations/secrets', to: '/settings/secrets', match: 'prefix' },
  { from: '/organizations/severities', to: '/settings/severities_index', match: 'prefix' },
  { from: '/organizations/priorities', to: '/settings/priorities', match: 'prefix' },
  { from: '/organizations/retrospectives', to: '/settings/retrospectives/templates', match: 'exact' },
  { from: '/organizations/retrospectives', to: '/settings/retrospectives', match: 'prefix' },
  { from: '/organizations/nunc', to: '/status_pages', match: 'prefix' },
  { from: '/organizations/webhooks', to: '/settings/integrations/webhooks', match: 'prefix' },
  { from: '/organizations/invitations/new', to: '/settings/invitations/new', match: 'exact' },
  // incident settings and teams -> settings/*
  { from: '/incident_types_and_settings', to: '/settings/incident_types_and_settings', match: 'prefix' },
  { from: '/incident_types', to: '/settings/incident_types_and_settings', match: 'prefix' },
  { from: '/teams', to: '/settings/teams', match: 'prefix' },
  { from: '/incident_roles', to: '/settings/roles', match: 'prefix' },
  { from: '/status_update_templates', to: '/settings/status_update_templates', match: 'prefix' },
  { from: '/task_lists', to: '/settings/task_lists', match: 'prefix' },
  { from: '/ticketing_settings', to: '/settings/tickets', match: 'prefix' },
  // incidents
  { from: '/scheduled_maintenances', to: '/incidents/maintenances', match: 'prefix' },
  // catalog/*
  { from: '/services', to: '/catalog/services', match: 'prefix' },
  { from: '/functionalities', to: '/catalog/functionalities', match: 'prefix' },
  { from: '/environments', to: '/catalog/environments', match: 'prefix' },
  { from: '/checklists', to: '/catalog/checklists', match: 'prefix' },
  { from: '/change_events', to: '/catalog/change_events', match: 'prefix' },
  // analytics: the old pages became the first page of their new section
  { from: '/analytics/basic', to: '/analytics/mttx_analytics/services', match: 'exact' },
  { from: '/analytics/mttx_analytics', to: '/analytics/mttx_analytics/services', match: 'exact' },
  { from: '/analytics/incidents_and_impact', to: '/analytics/incidents_impacts', match: 'exact' },
  { from: '/analytics/resources_and_tasks', to: '/analytics/resources_tasks', match: 'exact' },
  // account
  { from: '/account_notifications/edit', to: '/account/organization_settings', match: 'exact' },
  // main app route table: "v2/incidents/{incidentId}/* and v1/incidents/{id}/*: redirect screens" to the incident
  { from: '/v2/incidents', to: '/incidents', match: 'prefix' },
  { from: '/v1/incidents', to: '/incidents', match: 'prefix' },
];

const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

function rest(pathname: string, entry: LegacyRedirect): string | null {
  if (pathname === entry.from) return '';
  if (entry.match === 'prefix' && pathname.startsWith(`${entry.from}/`)) return pathname.slice(entry.from.length);
  return null;
}

/** The new address for an old one, query included, or null when `pathname` is not a legacy path. */
export function legacyRedirect(pathname: string, search: string): string | null {
  const path = withoutTrailingSlash(pathname);
  for (const entry of LEGACY_REDIRECTS) {
    const tail = rest(path, entry);
    if (tail !== null) return `${entry.to}${tail}${search}`;
  }
  return null;
}
