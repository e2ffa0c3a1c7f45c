import { PERMISSIONS, type Permission } from './permissions';
import { ROLES, ROLE_PERMISSIONS, permissionsOf, type Role } from './roles';

const ALL = ROLES;
const COLLABORATOR_UP: readonly Role[] = ['collaborator', 'member', 'owner'];
const MEMBER_UP: readonly Role[] = ['member', 'owner'];
const OWNER: readonly Role[] = ['owner'];

interface Gate {
  route: string;
  permission: Permission | null;
  /** The roles SPEC.md states, or null when it states none and the permission alone decides. */
  roles: readonly Role[] | null;
  /** Who should see it: the stated roles, or for unstated ones the audience ROLE_PERMISSIONS is designed to give. */
  shownTo: readonly Role[];
}
const stated = (route: string, permission: Permission | null, roles: readonly Role[]): Gate => ({
  route,
  permission,
  roles,
  shownTo: roles,
});
const unstated = (route: string, permission: Permission | null, shownTo: readonly Role[]): Gate => ({
  route,
  permission,
  roles: null,
  shownTo,
});

/*
 * SPEC.md section 2, "Main navigation (route, roles, permission, flag)". An item without its own permission takes its
 * heading's. The SETTINGS headings name none, so those permissions are ours, picked from the section 6 list (marked *).
 * "SETTINGS, general" and "SETTINGS, integrations" are owner-only unless noted; the other headings state no roles.
 */
const NAVIGATION: Gate[] = [
  stated('/signals/alerts', 'read_alerts', ALL),
  stated('/signals/logs', 'read_alerts', ALL),
  stated('/signals/sources', 'read_event_sources', MEMBER_UP),
  stated('/signals/on_call_schedules', 'read_on_call_schedules', ALL),
  stated('/signals/alert_grouping', 'read_alert_grouping', MEMBER_UP),
  stated('/signals/alert_visualization', 'read_alerts', ALL),
  stated('/signals/webhook_targets', 'read_webhook_targets', MEMBER_UP),
  stated('/signals/notification_policy', 'manage_organization_notification_policies', OWNER),
  ...['/incidents', '/incidents/tasks', '/incidents/follow_ups', '/incidents/maintenances'].map((route) =>
    stated(route, 'read_incidents', ALL),
  ),
  ...[
    '/catalog/services',
    '/catalog/functionalities',
    '/catalog/environments',
    '/catalog/checklists',
    '/catalog/change_events',
  ].map((route) => unstated(route, 'read_service_catalog', ALL)),
  stated('/catalog/services/catalog_settings', 'read_service_catalog', MEMBER_UP),
  ...[
    '/analytics/mttx_analytics/services',
    '/analytics/alerts',
    '/analytics/incidents_impacts',
    '/analytics/resources_tasks',
  ].map((route) => unstated(route, 'read_analytics', ALL)),
  stated('/analytics/shift_hours', 'read_analytics', COLLABORATOR_UP),
  stated('/settings/organization', 'read_organization_settings', OWNER), // *
  stated('/settings/ai', 'manage_organization_settings', OWNER), // *
  stated('/settings/users', 'read_users', OWNER), // *
  stated('/settings/organization_roles', 'read_roles', OWNER), // *
  stated('/settings/teams', 'read_teams', ALL), // *, and the main route table says read_teams
  stated('/settings/sso/edit', 'manage_organization_settings', OWNER), // *
  stated('/settings/billing', 'manage_organization_settings', OWNER), // *
  stated('/settings/incident_milestones', 'read_incident_settings', MEMBER_UP), // *
  ...[
    '/settings/incident_types_and_settings',
    '/settings/roles',
    '/settings/severities_index',
    '/settings/priorities',
    '/settings/conditions',
    '/settings/severities_matrix',
    '/settings/task_lists',
  ].map(
    (route) => unstated(route, 'read_incident_settings', COLLABORATOR_UP), // *
  ),
  unstated('/settings/audiences', 'read_audiences', COLLABORATOR_UP), // *
  unstated('/settings/status_update_templates', 'read_status_templates', COLLABORATOR_UP), // *
  stated('/settings/tickets', 'read_incident_settings', OWNER), // *
  stated('/settings/retrospectives/templates', 'read_incident_settings', MEMBER_UP), // *
  stated('/settings/integrations', 'read_integrations', OWNER), // *
  stated('/settings/api_keys', 'read_api_keys', OWNER), // *
  stated('/settings/integrations/webhooks', 'read_webhooks', OWNER), // *
  stated('/settings/secrets', 'read_organization_secrets', OWNER), // *
  stated('/settings/audit_events', 'read_audit_events', OWNER), // *
  stated('/account/edit', null, ALL),
  stated('/account/password_security', null, ALL),
  stated('/account/organization_settings', null, ALL),
  unstated('/overview', null, ALL),
  unstated('/runbooks', 'read_runbooks', ALL),
  unstated('/status_pages', 'read_integrations', ALL),
  unstated('/settings/teams/{id}/overview', 'read_teams', ALL),
];

/* SPEC.md section 2 "Main app route table", with the roles section 6 gives the add buttons and edit routes. */
const ROUTES: Gate[] = [
  unstated('/incidents/{incidentId}/retrospective', 'read_incidents', ALL),
  stated('/runbooks/new', 'manage_runbooks', MEMBER_UP),
  stated('/runbooks/{id}/edit', 'read_runbooks', MEMBER_UP),
  unstated('/imports/{infrastructureType}', 'read_service_catalog', ALL),
  stated('/services/new', 'manage_service_catalog', MEMBER_UP),
  stated('/functionalities/new', 'manage_service_catalog', MEMBER_UP),
  stated('/environments/new', 'manage_service_catalog', MEMBER_UP),
  unstated('/status_pages/{id}/subscribers', 'read_integrations', ALL),
  stated('/status_pages/new', 'manage_integrations', MEMBER_UP),
  unstated('/settings/retrospectives/templates/{id}', 'read_incident_settings', COLLABORATOR_UP),
  unstated('/settings/retrospectives/templates/new', 'manage_incident_settings', MEMBER_UP),
  stated('/settings/teams/new', 'manage_teams', MEMBER_UP),
  stated('/settings/teams/{id}/edit', 'manage_teams', MEMBER_UP),
  stated('/settings/teams/{id}/rules/new', 'manage_alert_rules', MEMBER_UP),
  stated('/settings/teams/{id}/escalation_policies/new', 'manage_escalation_policies', MEMBER_UP),
  stated('/signals/sources/heartbeats/new', 'manage_event_sources', MEMBER_UP),
  unstated('/signals/alert_grouping/new', 'manage_alert_grouping', MEMBER_UP),
];

/** SPEC.md section 6: an item shows only to a role that is among its roles and holds its permission. */
function shownTo({ roles, permission }: Gate): Role[] {
  return ROLES.filter(
    (role) => (roles ?? ROLES).includes(role) && (permission === null || ROLE_PERMISSIONS[role].includes(permission)),
  );
}

describe('the role -> permission table', () => {
  it.each([...NAVIGATION, ...ROUTES].map((gate) => [gate.route, gate] as const))(
    'shows %s to exactly the roles meant to see it',
    (_route, gate) => {
      expect(shownTo(gate)).toEqual(gate.shownTo);
    },
  );

  it('gives the owner every permission', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(ROLES.slice(1).map((role, index) => [role, ROLES[index]] as const))(
    'gives %s everything %s has, and more',
    (role, below) => {
      expect(ROLE_PERMISSIONS[role]).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS[below]]));
      expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(ROLE_PERMISSIONS[below].length);
    },
  );

  it.each(ROLES)('lists each permission of %s once', (role) => {
    expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
  });

  it('keeps the viewer read-only', () => {
    expect(ROLE_PERMISSIONS.viewer.filter((permission) => !permission.startsWith('read_'))).toEqual([]);
  });

  it.each([
    'manage_organization_notification_policies',
    'read_organization_settings',
    'manage_organization_settings',
    'read_users',
    'manage_users',
    'read_roles',
    'read_api_keys',
    'manage_api_keys',
    'read_webhooks',
    'read_organization_secrets',
    'read_audit_events',
  ] as const)('keeps the organization administration permission %s to the owner', (permission) => {
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission))).toEqual(['owner']);
  });

  it('hands out a copy, so a caller cannot change the table', () => {
    const mine = permissionsOf('viewer');
    expect(mine).toEqual(ROLE_PERMISSIONS.viewer);
    mine.push('manage_users');
    expect(ROLE_PERMISSIONS.viewer).not.toContain('manage_users');
  });
});
