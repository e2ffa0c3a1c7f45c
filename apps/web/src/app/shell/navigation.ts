import type { FeatureFlag, Permission, QuotaName, Role, Tier } from '@tocsin/domain';

/**
 * The main navigation of SPEC.md section 2, in one table: the sidebar, the mobile menu and the routes
 * (with their permission guards) are all built from it.
 */
export interface NavItem {
  title: string;
  to: string;
  /** Who may see it; the user's role must be one of these (or rbacCandidateControl is on). */
  roles: readonly Role[];
  permission?: Permission;
  /** Shown only when this flag is on. */
  flag?: FeatureFlag;
  /** Hidden when this flag is on (the item was replaced by a newer area). */
  hiddenWithFlag?: FeatureFlag;
  /** Offered only on this tier. */
  tier?: Tier;
  badge?: 'Beta' | 'New';
  /** Active only on this exact path, not on the pages below it. */
  end?: boolean;
  /** Pages below `to` that belong to another item, so they do not light this one up. */
  excludes?: string;
  hiddenForStaff?: boolean;
  /** Shown only while the user's onboarding is not complete (user metadata onboarding_complete, SPEC.md section 4). */
  whileOnboarding?: boolean;
  /** Where those who may not open it go, instead of the unauthorized or not-found page. */
  deniedRedirect?: string;
  /**
   * The route parameter naming the team the page acts on. Under rbacCandidateControl the permission may
   * also come from the user's membership of that team, so the page (which loads the team) decides.
   */
  teamParam?: string;
  /** The quota the page adds to: once the tier's quota is used up, it sends to `deniedRedirect` too. */
  entitlement?: QuotaName;
}

/** The group's icon in the sidebar (nav-icons.tsx). */
export type NavIcon =
  'flag' | 'bell' | 'alert' | 'stack' | 'chart' | 'sliders' | 'list' | 'plug' | 'user' | 'apps' | 'pulse';

export interface NavGroup {
  title: string;
  icon: NavIcon;
  flag?: FeatureFlag;
  items: readonly NavItem[];
}

const ALL: readonly Role[] = ['viewer', 'collaborator', 'member', 'owner'];
const MEMBERS: readonly Role[] = ['member', 'owner'];
const OWNER: readonly Role[] = ['owner'];

export const NAVIGATION: readonly NavGroup[] = [
  {
    // SPEC.md section 2: "onboarding: shown to owners or staff; others redirected to /overview".
    title: 'Get Started',
    icon: 'flag',
    items: [
      {
        title: 'Onboarding',
        to: '/onboarding',
        roles: OWNER,
        permission: 'manage_organization_settings',
        whileOnboarding: true,
        deniedRedirect: '/overview',
      },
    ],
  },
  {
    title: 'Signals',
    icon: 'bell',
    flag: 'signals',
    items: [
      { title: 'Alerts', to: '/signals/alerts', roles: ALL, permission: 'read_alerts' },
      { title: 'Event Logs', to: '/signals/logs', roles: ALL, permission: 'read_alerts' },
      { title: 'Event Sources', to: '/signals/sources', roles: MEMBERS, permission: 'read_event_sources' },
      {
        title: 'On-call Schedules',
        to: '/signals/on_call_schedules',
        roles: ALL,
        permission: 'read_on_call_schedules',
      },
      {
        title: 'Alert Grouping',
        to: '/signals/alert_grouping',
        roles: MEMBERS,
        permission: 'read_alert_grouping',
        flag: 'alertGrouping',
      },
      { title: 'Alert Visualization', to: '/signals/alert_visualization', roles: ALL, permission: 'read_alerts' },
      { title: 'Webhook Targets', to: '/signals/webhook_targets', roles: MEMBERS, permission: 'read_webhook_targets' },
      {
        title: 'Organization Notification Policy',
        to: '/signals/notification_policy',
        roles: OWNER,
        permission: 'manage_organization_notification_policies',
      },
    ],
  },
  {
    title: 'Incidents',
    icon: 'alert',
    items: [
      { title: 'Incidents', to: '/incidents', roles: ALL, permission: 'read_incidents', end: true },
      { title: 'Tasks', to: '/incidents/tasks', roles: ALL, permission: 'read_incidents' },
      { title: 'Follow-ups', to: '/incidents/follow_ups', roles: ALL, permission: 'read_incidents' },
      { title: 'Scheduled Maintenances', to: '/incidents/maintenances', roles: ALL, permission: 'read_incidents' },
    ],
  },
  {
    title: 'Catalog',
    icon: 'stack',
    items: [
      { title: 'Services', to: '/catalog/services', roles: ALL, permission: 'read_service_catalog', end: true },
      { title: 'Functionalities', to: '/catalog/functionalities', roles: ALL, permission: 'read_service_catalog' },
      { title: 'Environments', to: '/catalog/environments', roles: ALL, permission: 'read_service_catalog' },
      { title: 'Readiness Checklists', to: '/catalog/checklists', roles: ALL, permission: 'read_service_catalog' },
      { title: 'Change Events', to: '/catalog/change_events', roles: ALL, permission: 'read_service_catalog' },
      {
        title: 'Catalog Settings',
        to: '/catalog/services/catalog_settings',
        roles: MEMBERS,
        permission: 'read_service_catalog',
      },
    ],
  },
  {
    title: 'Analytics',
    icon: 'chart',
    items: [
      { title: 'Services', to: '/analytics/mttx_analytics/services', roles: ALL, permission: 'read_analytics' },
      { title: 'Alerts', to: '/analytics/alerts', roles: ALL, permission: 'read_analytics', flag: 'signals' },
      {
        title: 'On-call Hours',
        to: '/analytics/shift_hours',
        roles: ['collaborator', 'member', 'owner'],
        permission: 'read_analytics',
        flag: 'signals',
      },
      // Analytics version 2: enterprise only.
      {
        title: 'Impact Statistics',
        to: '/analytics/incidents_impacts',
        roles: ALL,
        permission: 'read_analytics',
        tier: 'enterprise',
        badge: 'Beta',
      },
      { title: 'Resources & Tasks', to: '/analytics/resources_tasks', roles: ALL, permission: 'read_analytics' },
    ],
  },
  {
    title: 'Settings',
    icon: 'sliders',
    items: [
      { title: 'Organization', to: '/settings/organization', roles: OWNER, permission: 'read_organization_settings' },
      {
        title: 'AI',
        to: '/settings/ai',
        roles: OWNER,
        permission: 'manage_organization_settings',
        flag: 'integrationsSlackAiSummary',
        badge: 'New',
      },
      { title: 'Users', to: '/settings/users', roles: OWNER, permission: 'read_users' },
      { title: 'Organization Roles', to: '/settings/organization_roles', roles: OWNER, permission: 'read_roles' },
      { title: 'Teams', to: '/settings/teams', roles: ALL, permission: 'read_teams', hiddenWithFlag: 'signals' },
      { title: 'Single Sign-On', to: '/settings/sso/edit', roles: OWNER, permission: 'manage_organization_settings' },
      {
        title: 'Billing',
        to: '/settings/billing',
        roles: OWNER,
        permission: 'manage_organization_settings',
        hiddenForStaff: true,
      },
    ],
  },
  {
    title: 'Incident Settings',
    icon: 'list',
    items: [
      {
        title: 'Milestones',
        to: '/settings/incident_milestones',
        roles: MEMBERS,
        permission: 'read_incident_settings',
        flag: 'customMilestones',
      },
      {
        title: 'Incident Types',
        to: '/settings/incident_types_and_settings',
        roles: ALL,
        permission: 'read_incident_settings',
      },
      { title: 'Incident Roles', to: '/settings/roles', roles: ALL, permission: 'read_incident_settings' },
      {
        title: 'Audiences',
        to: '/settings/audiences',
        roles: ALL,
        permission: 'read_audiences',
        flag: 'incidentAudiences',
      },
      { title: 'Severities', to: '/settings/severities_index', roles: ALL, permission: 'read_incident_settings' },
      { title: 'Priorities', to: '/settings/priorities', roles: ALL, permission: 'read_incident_settings' },
      { title: 'Conditions', to: '/settings/conditions', roles: ALL, permission: 'read_incident_settings' },
      { title: 'Severity Matrix', to: '/settings/severities_matrix', roles: ALL, permission: 'read_incident_settings' },
      {
        title: 'Status Update Templates',
        to: '/settings/status_update_templates',
        roles: ALL,
        permission: 'read_status_templates',
      },
      { title: 'Task Lists', to: '/settings/task_lists', roles: ALL, permission: 'read_incident_settings' },
      { title: 'Ticketing', to: '/settings/tickets', roles: OWNER, permission: 'read_incident_settings' },
      {
        title: 'Retrospective Templates',
        to: '/settings/retrospectives/templates',
        roles: MEMBERS,
        permission: 'read_incident_settings',
      },
    ],
  },
  {
    title: 'Integrations',
    icon: 'plug',
    items: [
      {
        title: 'Integrations',
        to: '/settings/integrations',
        roles: OWNER,
        permission: 'read_integrations',
        excludes: '/settings/integrations/webhooks',
      },
      { title: 'API Keys', to: '/settings/api_keys', roles: OWNER, permission: 'read_api_keys' },
      { title: 'Webhooks', to: '/settings/integrations/webhooks', roles: OWNER, permission: 'read_webhooks' },
      { title: 'Secrets', to: '/settings/secrets', roles: OWNER, permission: 'read_organization_secrets' },
      {
        title: 'Audit Events',
        to: '/settings/audit_events',
        roles: OWNER,
        permission: 'read_audit_events',
        flag: 'auditEvents',
      },
    ],
  },
  {
    title: 'Account',
    icon: 'user',
    items: [
      { title: 'Profile', to: '/account/edit', roles: ALL, hiddenForStaff: true },
      { title: 'Password & Security', to: '/account/password_security', roles: ALL, hiddenForStaff: true },
    ],
  },
  {
    title: 'Other',
    icon: 'apps',
    items: [
      { title: 'Home', to: '/overview', roles: ALL, hiddenWithFlag: 'signals' },
      { title: 'Runbooks', to: '/runbooks', roles: ALL, permission: 'read_runbooks' },
      { title: 'Status Pages', to: '/status_pages', roles: ALL, permission: 'read_integrations' },
      { title: 'All Teams', to: '/settings/teams', roles: ALL, permission: 'read_teams', flag: 'signals' },
    ],
  },
  {
    // Not in the product spec: the operator screens that came before the product areas.
    title: 'Operations',
    icon: 'pulse',
    items: [
      { title: 'Ops', to: '/ops', roles: OWNER },
      { title: 'History', to: '/history', roles: OWNER },
    ],
  },
];
