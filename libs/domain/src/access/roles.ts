import type { Permission } from './permissions';

/** Organization roles, least to most privileged (SPEC.md sections 1 and 6). */
export const ROLES = ['viewer', 'collaborator', 'member', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/*
 * THE role -> permission table; nothing else grants an organization permission.
 * Each role holds everything the role before it holds (PERMISSIONS.md shows the full matrix).
 *
 * viewer        reads what its navigation shows: alerts and event logs, on-call schedules, incidents, the service
 *               catalog, analytics, runbooks, status pages (read_integrations) and teams. Changes nothing.
 * collaborator  + the responder's part: acts on alerts (acknowledge, resolve, escalate, reassign: act_on_alerts), declares
 *               and works incidents and scheduled maintenances (manage_incidents), and
 *               reads the incident configuration a responder needs while working an incident: incident settings
 *               (types, severities, priorities, milestones...), audiences, status update templates. A viewer
 *               paged for an alert still acts on it through the page's signed link or SMS reply (made for them).
 * member        + builds and runs the operational setup: event sources, alert grouping and webhook targets (read and
 *               manage), the service catalog, incident settings, runbooks, integrations and status pages, teams with
 *               their alert rules and escalation policies. No organization administration.
 * owner         + administers the organization: notification policy, organization settings, users, roles,
 *               API keys, webhooks, secrets, audit events. Holds every permission.
 */
const VIEWER: readonly Permission[] = [
  'read_alerts',
  'read_on_call_schedules',
  'read_incidents',
  'read_service_catalog',
  'read_analytics',
  'read_runbooks',
  'read_integrations',
  'read_teams',
];

const COLLABORATOR: readonly Permission[] = [
  ...VIEWER,
  'act_on_alerts',
  'manage_incidents',
  'read_incident_settings',
  'read_audiences',
  'read_status_templates',
];

const MEMBER: readonly Permission[] = [
  ...COLLABORATOR,
  'read_event_sources',
  'manage_event_sources',
  'read_alert_grouping',
  'manage_alert_grouping',
  'read_webhook_targets',
  'manage_webhook_targets',
  'manage_service_catalog',
  'manage_incident_settings',
  'manage_runbooks',
  'manage_integrations',
  'manage_teams',
  'manage_alert_rules',
  'manage_escalation_policies',
  'manage_on_call_schedules',
];

const OWNER: readonly Permission[] = [
  ...MEMBER,
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
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  viewer: VIEWER,
  collaborator: COLLABORATOR,
  member: MEMBER,
  owner: OWNER,
};

/** A fresh array, so a caller cannot change the table. */
export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}
