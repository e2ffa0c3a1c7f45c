/**
 * Permission slugs: exactly the names SPEC.md section 6 lists ("Permission names seen"), plus three the spec does not
 * name: `manage_users`, which the users settings page needs for inviting, editing and removing people, and
 * `act_on_alerts`, which acknowledging, resolving, escalating and reassigning an alert need (reading it does not), and `manage_on_call_schedules`, which changing a team's on-call
 * schedules needs (issue 20 names it), and `manage_incidents`, which declaring and working incidents and scheduled
 * maintenances needs (issue 21 names it), and `manage_api_keys`, which making, rotating and revoking
 * API keys needs (issue 22).
 */
export const PERMISSIONS = [
  'read_analytics',
  'read_incidents',
  'manage_incidents',
  'read_alerts',
  'act_on_alerts',
  'read_event_sources',
  'read_on_call_schedules',
  'read_alert_grouping',
  'read_webhook_targets',
  'manage_organization_notification_policies',
  'read_service_catalog',
  'manage_service_catalog',
  'read_organization_settings',
  'manage_organization_settings',
  'read_users',
  'manage_users',
  'read_roles',
  'read_teams',
  'manage_teams',
  'read_incident_settings',
  'manage_incident_settings',
  'read_audiences',
  'read_status_templates',
  'read_integrations',
  'manage_integrations',
  'read_api_keys',
  'manage_api_keys',
  'read_webhooks',
  'read_organization_secrets',
  'read_audit_events',
  'read_runbooks',
  'manage_runbooks',
  'manage_alert_rules',
  'manage_escalation_policies',
  'manage_on_call_schedules',
  'manage_alert_grouping',
  'manage_event_sources',
  'manage_webhook_targets',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** SPEC.md section 3, "Permission definition": what the tooltip and the unauthorized page show instead of the slug. */
export interface PermissionDefinition {
  slug: Permission;
  display_name: string;
}

/** A Record so that adding a slug without a display name fails to compile. */
const DISPLAY_NAMES: Record<Permission, string> = {
  read_analytics: 'Read analytics',
  read_incidents: 'Read incidents',
  manage_incidents: 'Manage incidents',
  read_alerts: 'Read alerts',
  act_on_alerts: 'Act on alerts',
  read_event_sources: 'Read event sources',
  read_on_call_schedules: 'Read on-call schedules',
  read_alert_grouping: 'Read alert grouping',
  read_webhook_targets: 'Read webhook targets',
  manage_organization_notification_policies: 'Manage organization notification policies',
  read_service_catalog: 'Read service catalog',
  manage_service_catalog: 'Manage service catalog',
  read_organization_settings: 'Read organization settings',
  manage_organization_settings: 'Manage organization settings',
  read_users: 'Read users',
  manage_users: 'Manage users',
  read_roles: 'Read roles',
  read_teams: 'Read teams',
  manage_teams: 'Manage teams',
  read_incident_settings: 'Read incident settings',
  manage_incident_settings: 'Manage incident settings',
  read_audiences: 'Read audiences',
  read_status_templates: 'Read status update templates',
  read_integrations: 'Read integrations',
  manage_integrations: 'Manage integrations',
  read_api_keys: 'Read API keys',
  manage_api_keys: 'Manage API keys',
  read_webhooks: 'Read webhooks',
  read_organization_secrets: 'Read organization secrets',
  read_audit_events: 'Read audit events',
  read_runbooks: 'Read runbooks',
  manage_runbooks: 'Manage runbooks',
  manage_alert_rules: 'Manage alert rules',
  manage_escalation_policies: 'Manage escalation policies',
  manage_on_call_schedules: 'Manage on-call schedules',
  manage_alert_grouping: 'Manage alert grouping',
  manage_event_sources: 'Manage event sources',
  manage_webhook_targets: 'Manage webhook targets',
};

export const PERMISSION_DEFINITIONS: PermissionDefinition[] = PERMISSIONS.map((slug) => ({
  slug,
  display_name: DISPLAY_NAMES[slug],
}));

export function permissionDisplayName(slug: Permission): string {
  return DISPLAY_NAMES[slug];
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
