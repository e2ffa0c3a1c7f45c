/**
 * Every read model's name: the projector's checkpoints, `view.changed` notices, `view:{name}` rooms, the
 * history tools and the web's query keys all use these. libs/read-models defines each view under its name.
 */
export const ViewNames = {
  alertTimeline: 'alert_timeline',
  notificationPolicyItems: 'notification-policy-items',
  users: 'users',
  organizations: 'organizations',
  memberships: 'memberships',
  sessions: 'sessions',
  invitations: 'invitations',
  organizationFeatureFlags: 'organization-feature-flags',
  teams: 'teams',
  notificationSettings: 'notification-settings',
  notificationCompliance: 'notification-compliance',
  handoffNotificationSettings: 'handoff-notification-settings',
  phones: 'phones',
  chatDestinations: 'chat_destinations',
  pushDevices: 'push_devices',
  alternativeEmails: 'alternative_emails',
  onboarding: 'onboarding',
  ssoConfigurations: 'ssoConfigurations',
  registrations: 'registrations',
  emailReservations: 'email_reservations',
  alerts: 'alerts',
  alertEpisodes: 'alert_episodes',
  eventSources: 'event_sources',
  ingestLogs: 'ingest_logs',
  escalationPolicies: 'escalation_policies',
  alertRules: 'alert_rules',
  onCallSchedules: 'on_call_schedules',
  onCallRemovals: 'on_call_removals',
  webhookTargets: 'webhook_targets',
  webhookDeliveries: 'webhook_deliveries',
  heartbeats: 'heartbeats',
  selfTests: 'self_tests',
  apiKeys: 'api_keys',
  groupingRules: 'grouping_rules',
  alertGroups: 'alert_groups',
  maintenances: 'maintenances',
  incidents: 'incidents',
  incidentTimeline: 'incident_timeline',
  incidentTasks: 'incident_tasks',
  incidentFollowUps: 'incident_follow_ups',
  incidentVisits: 'incident_visits',
  incidentSettings: 'incident_settings',
  retrospectiveTemplates: 'retrospective_templates',
  retrospectives: 'retrospectives',
} as const;

export type ViewName = (typeof ViewNames)[keyof typeof ViewNames];

export const VIEW_NAMES: readonly ViewName[] = Object.values(ViewNames);

export const isViewName = (name: string): name is ViewName => (VIEW_NAMES as readonly string[]).includes(name);
