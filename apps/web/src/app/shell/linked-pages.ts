import type { Role } from '@tocsin/domain';
import type { NavItem } from './navigation';

const ALL: readonly Role[] = ['viewer', 'collaborator', 'member', 'owner'];
const MEMBERS: readonly Role[] = ['member', 'owner'];

/**
 * Pages reached from elsewhere than the main navigation (menus, links, redirects), gated like the
 * navigation (SPEC.md section 2, main app route table). "For owner/member or flag rbacCandidateControl"
 * is `roles: MEMBERS`: the role check steps aside under that flag, the permission stays.
 */
export const LINKED_PAGES: readonly NavItem[] = [
  // old links to one task list (/task_lists/{id}) land on the task lists
  { title: 'Task Lists', to: '/settings/task_lists/*', roles: ALL, permission: 'read_incident_settings' },
  { title: 'Organization Settings', to: '/account/organization_settings', roles: ALL, hiddenForStaff: true },
  { title: 'Team', to: '/settings/teams/:teamId/overview', roles: ALL, permission: 'read_teams' },
  { title: 'Team', to: '/settings/teams/:teamId', roles: ALL, permission: 'read_teams' },
  { title: 'New Team', to: '/settings/teams/new', roles: MEMBERS, permission: 'manage_teams' },
  {
    title: 'Edit Team',
    to: '/settings/teams/:teamId/edit',
    roles: MEMBERS,
    permission: 'manage_teams',
    teamParam: 'teamId',
  },
  {
    title: 'New Alert Rule',
    to: '/settings/teams/:teamId/rules/new',
    roles: MEMBERS,
    permission: 'manage_alert_rules',
    flag: 'signals',
    // under rbacCandidateControl a team restricting its signals resources decides (the page checks)
    teamParam: 'teamId',
  },
  {
    title: 'Edit Alert Rule',
    to: '/settings/teams/:teamId/rules/:ruleId/edit',
    roles: MEMBERS,
    permission: 'manage_alert_rules',
    flag: 'signals',
    // under rbacCandidateControl a team restricting its signals resources decides (the page checks)
    teamParam: 'teamId',
  },
  {
    title: 'New Escalation Policy',
    to: '/settings/teams/:teamId/escalation_policies/new',
    roles: MEMBERS,
    permission: 'manage_escalation_policies',
    flag: 'signals',
    // under rbacCandidateControl a team restricting its signals resources decides (the page checks)
    teamParam: 'teamId',
  },
  {
    title: 'Edit Escalation Policy',
    to: '/settings/teams/:teamId/escalation_policies/:policyId/edit',
    roles: MEMBERS,
    permission: 'manage_escalation_policies',
    flag: 'signals',
    // under rbacCandidateControl a team restricting its signals resources decides (the page checks)
    teamParam: 'teamId',
  },
  {
    title: 'Escalation Policies',
    to: '/settings/teams/:teamId/escalation_policies',
    roles: ALL,
    permission: 'read_teams',
    flag: 'signals',
  },
  // "With flag signals: settings/teams/{id}/*": the team's other pages (alert rules, escalation policies, schedules)
  { title: 'Team', to: '/settings/teams/:teamId/*', roles: ALL, permission: 'read_teams', flag: 'signals' },
  { title: 'Alert', to: '/signals/alerts/:alertId', roles: ALL, permission: 'read_alerts', flag: 'signals' },
  {
    title: 'New Event Source',
    to: '/signals/sources/new',
    roles: MEMBERS,
    permission: 'manage_event_sources',
    flag: 'signals',
  },
  {
    title: 'Event Source',
    to: '/signals/sources/:sourceId',
    roles: MEMBERS,
    permission: 'read_event_sources',
    flag: 'signals',
  },
  {
    title: 'Edit Event Source',
    to: '/signals/sources/:sourceId/edit',
    roles: MEMBERS,
    permission: 'manage_event_sources',
    flag: 'signals',
  },
  // SPEC.md section 6: with flag alertGrouping, the rule editor (its {groupId} is the grouping rule's id)
  {
    title: 'New Grouping Rule',
    to: '/signals/alert_grouping/new',
    roles: MEMBERS,
    permission: 'manage_alert_grouping',
    flag: 'alertGrouping',
  },
  {
    title: 'Edit Grouping Rule',
    to: '/signals/alert_grouping/:groupId/edit',
    roles: MEMBERS,
    permission: 'manage_alert_grouping',
    flag: 'alertGrouping',
  },
  {
    title: 'New Webhook Target',
    to: '/signals/webhook_targets/new',
    roles: MEMBERS,
    permission: 'manage_webhook_targets',
    flag: 'signals',
  },
  {
    title: 'Webhook Target',
    to: '/signals/webhook_targets/:targetId',
    roles: MEMBERS,
    permission: 'read_webhook_targets',
    flag: 'signals',
  },
  {
    title: 'Edit Webhook Target',
    to: '/signals/webhook_targets/:targetId/edit',
    roles: MEMBERS,
    permission: 'manage_webhook_targets',
    flag: 'signals',
  },
  {
    title: 'New Heartbeat',
    to: '/signals/sources/heartbeats/new',
    roles: MEMBERS,
    permission: 'manage_event_sources',
    flag: 'signals',
  },
  // On-call schedules (issue 20): SPEC lists the list; a schedule, its rotation editor and my shifts sit under it
  {
    title: 'New On-call Schedule',
    to: '/signals/on_call_schedules/new',
    roles: MEMBERS,
    permission: 'manage_on_call_schedules',
    flag: 'signals',
  },
  {
    title: 'My Shifts',
    to: '/signals/on_call_schedules/my_shifts',
    roles: ALL,
    permission: 'read_on_call_schedules',
    flag: 'signals',
  },
  {
    title: 'On-call Schedule',
    to: '/signals/on_call_schedules/:scheduleId',
    roles: ALL,
    permission: 'read_on_call_schedules',
    flag: 'signals',
  },
  {
    title: 'Edit On-call Schedule',
    to: '/signals/on_call_schedules/:scheduleId/edit',
    roles: MEMBERS,
    permission: 'manage_on_call_schedules',
    flag: 'signals',
    // under rbacCandidateControl a team restricting its signals resources decides (the page checks)
  },
  // "settings/retrospectives/templates/new, /{retrospectiveTemplateId}/edit, /copy (manage_incident_settings);
  // /{retrospectiveTemplateId} (read_incident_settings)": the list is member and owner in the navigation; a template
  // itself is read by anyone holding the permission (collaborators start retrospectives from it)
  {
    title: 'New Retrospective Template',
    to: '/settings/retrospectives/templates/new',
    roles: MEMBERS,
    permission: 'manage_incident_settings',
  },
  {
    title: 'Retrospective Template',
    to: '/settings/retrospectives/templates/:retrospectiveTemplateId',
    roles: ALL,
    permission: 'read_incident_settings',
  },
  {
    title: 'Edit Retrospective Template',
    to: '/settings/retrospectives/templates/:retrospectiveTemplateId/edit',
    roles: MEMBERS,
    permission: 'manage_incident_settings',
  },
  {
    title: 'Copy Retrospective Template',
    to: '/settings/retrospectives/templates/:retrospectiveTemplateId/copy',
    roles: MEMBERS,
    permission: 'manage_incident_settings',
  },
  // "incidents/* (read_incidents)": one incident (the live incident room) and the pages below it (placeholders
  // until built)
  { title: 'Incident', to: '/incidents/:incidentId', roles: ALL, permission: 'read_incidents' },
  { title: 'Incident', to: '/incidents/:incidentId/*', roles: ALL, permission: 'read_incidents' },
  // Step through the incident's past, event by event (issue 21, "Step through the past")
  { title: 'Incident History', to: '/incidents/:incidentId/history', roles: ALL, permission: 'read_incidents' },
  {
    title: 'Incident Retrospective',
    to: '/incidents/:incidentId/retrospective/*',
    roles: ALL,
    permission: 'read_incidents',
  },
  // "incidents/maintenances/new and incidents/maintenances/{scheduledMaintenanceId}/edit" (not incident pages)
  { title: 'New Scheduled Maintenance', to: '/incidents/maintenances/new', roles: ALL, permission: 'read_incidents' },
  {
    title: 'Edit Scheduled Maintenance',
    to: '/incidents/maintenances/:scheduledMaintenanceId/edit',
    roles: ALL,
    permission: 'read_incidents',
  },
  // Where the empty-state help panels' add buttons lead (SPEC.md section 2, "Account area", other links).
  // "runbooks/new ... (manage_runbooks plus the runbooks entitlement; redirect to runbooks when missing)"
  {
    title: 'New Runbook',
    to: '/runbooks/new',
    roles: ALL,
    permission: 'manage_runbooks',
    entitlement: 'runbooks',
    deniedRedirect: '/runbooks',
  },
  {
    title: 'New Runbook',
    to: '/runbooks/new/:template',
    roles: ALL,
    permission: 'manage_runbooks',
    entitlement: 'runbooks',
    deniedRedirect: '/runbooks',
  },
  {
    title: 'Copy Runbook',
    to: '/runbooks/:copyId/copy',
    roles: ALL,
    permission: 'manage_runbooks',
    entitlement: 'runbooks',
    deniedRedirect: '/runbooks',
  },
  { title: 'Runbook', to: '/runbooks/:runbookId', roles: ALL, permission: 'read_runbooks' },
  { title: 'Edit Runbook', to: '/runbooks/:runbookId/edit', roles: MEMBERS, permission: 'read_runbooks' },
  // "status_pages/new and status_pages/{statusPageId}/edit (manage_integrations); status_pages/{id}/subscribers (read_integrations)"
  { title: 'New Status Page', to: '/status_pages/new', roles: ALL, permission: 'manage_integrations' },
  { title: 'Edit Status Page', to: '/status_pages/:statusPageId/edit', roles: ALL, permission: 'manage_integrations' },
  {
    title: 'Status Page Subscribers',
    to: '/status_pages/:statusPageId/subscribers',
    roles: ALL,
    permission: 'read_integrations',
  },
  // /services/new, /functionalities/new and /environments/new move here (legacy-redirects.ts)
  { title: 'New Service', to: '/catalog/services/new', roles: ALL, permission: 'manage_service_catalog' },
  { title: 'New Functionality', to: '/catalog/functionalities/new', roles: ALL, permission: 'manage_service_catalog' },
  { title: 'New Environment', to: '/catalog/environments/new', roles: ALL, permission: 'manage_service_catalog' },
  { title: 'Invite Users', to: '/settings/invitations/new', roles: ['owner'], permission: 'manage_users' },
  { title: 'Edit User', to: '/settings/users/:userId/edit', roles: ['owner'], permission: 'manage_users' },
];
