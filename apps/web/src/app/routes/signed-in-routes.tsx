import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { isLazyComponent, lazyComponent, screenHandle } from '@/lib/lazy-component';
import { RequireAccess } from '../guards/require-access';
import { LINKED_PAGES } from '../shell/linked-pages';
import { NAVIGATION, type NavItem } from '../shell/navigation';
import { NotFoundRoute } from './not-found';
import { OnboardingEntryRoute } from './onboarding';
import { PlaceholderRoute } from './placeholder';
import { UnauthorizedRoute } from './unauthorized';

// One chunk per screen, so the first paint does not wait for screens the user has not opened.
const OpsRoute = lazyComponent(() => import('./ops').then((m) => m.OpsRoute));
const AuditEventsRoute = lazyComponent(() => import('./settings/audit-events').then((m) => m.AuditEventsRoute));
const HistoryRoute = lazyComponent(() => import('./history').then((m) => m.HistoryRoute));
const TeamsRoute = lazyComponent(() => import('./settings/teams').then((m) => m.TeamsRoute));
const NewTeamRoute = lazyComponent(() => import('./settings/teams').then((m) => m.NewTeamRoute));
const EditTeamRoute = lazyComponent(() => import('./settings/teams').then((m) => m.EditTeamRoute));
const TeamIndexRoute = lazyComponent(() => import('./settings/teams').then((m) => m.TeamIndexRoute));
const TeamOverviewRoute = lazyComponent(() => import('./settings/teams').then((m) => m.TeamOverviewRoute));
const EscalationPoliciesRoute = lazyComponent(() => import('./settings/teams').then((m) => m.EscalationPoliciesRoute));
const NewEscalationPolicyRoute = lazyComponent(() =>
  import('./settings/teams').then((m) => m.NewEscalationPolicyRoute),
);
const EditEscalationPolicyRoute = lazyComponent(() =>
  import('./settings/teams').then((m) => m.EditEscalationPolicyRoute),
);
const NewAlertRuleRoute = lazyComponent(() => import('./settings/teams').then((m) => m.NewAlertRuleRoute));
const EditAlertRuleRoute = lazyComponent(() => import('./settings/teams').then((m) => m.EditAlertRuleRoute));
const ApiKeysRoute = lazyComponent(() => import('./settings/api-keys').then((m) => m.ApiKeysRoute));
const UsersRoute = lazyComponent(() => import('./settings/users').then((m) => m.UsersRoute));
const UserEditRoute = lazyComponent(() => import('./settings/user-edit').then((m) => m.UserEditRoute));
const InvitationNewRoute = lazyComponent(() => import('./settings/invitation-new').then((m) => m.InvitationNewRoute));
const OrganizationRoute = lazyComponent(() => import('./settings/organization').then((m) => m.OrganizationRoute));
const SsoSettingsRoute = lazyComponent(() => import('./settings/sso').then((m) => m.SsoSettingsRoute));
const OrganizationRolesRoute = lazyComponent(() =>
  import('./settings/organization-roles').then((m) => m.OrganizationRolesRoute),
);
const AccountEditRoute = lazyComponent(() => import('./account').then((m) => m.AccountEditRoute));
const PasswordSecurityRoute = lazyComponent(() => import('./account').then((m) => m.PasswordSecurityRoute));
const OrganizationSettingsRoute = lazyComponent(() => import('./account').then((m) => m.OrganizationSettingsRoute));
const NotificationPolicyRoute = lazyComponent(() =>
  import('./signals/notification-policy').then((m) => m.NotificationPolicyRoute),
);
const AlertsRoute = lazyComponent(() => import('./signals/alerts').then((m) => m.AlertsRoute));
const AlertDetailRoute = lazyComponent(() => import('./signals/alerts').then((m) => m.AlertDetailRoute));
const SourcesRoute = lazyComponent(() => import('./signals/sources').then((m) => m.SourcesRoute));
const NewSourceRoute = lazyComponent(() => import('./signals/sources').then((m) => m.NewSourceRoute));
const SourceRoute = lazyComponent(() => import('./signals/sources').then((m) => m.SourceRoute));
const EditSourceRoute = lazyComponent(() => import('./signals/sources').then((m) => m.EditSourceRoute));
const OnCallSchedulesRoute = lazyComponent(() =>
  import('./signals/on-call-schedules').then((m) => m.OnCallSchedulesRoute),
);
const NewScheduleRoute = lazyComponent(() => import('./signals/on-call-schedules').then((m) => m.NewScheduleRoute));
const MyShiftsRoute = lazyComponent(() => import('./signals/on-call-schedules').then((m) => m.MyShiftsRoute));
const ScheduleRoute = lazyComponent(() => import('./signals/on-call-schedules').then((m) => m.ScheduleRoute));
const EditScheduleRoute = lazyComponent(() => import('./signals/on-call-schedules').then((m) => m.EditScheduleRoute));
const ShiftHoursRoute = lazyComponent(() => import('./signals/on-call-schedules').then((m) => m.ShiftHoursRoute));
const WebhookTargetsRoute = lazyComponent(() => import('./signals/webhook-targets').then((m) => m.WebhookTargetsRoute));
const NewWebhookTargetRoute = lazyComponent(() =>
  import('./signals/webhook-targets').then((m) => m.NewWebhookTargetRoute),
);
const WebhookTargetRoute = lazyComponent(() => import('./signals/webhook-targets').then((m) => m.WebhookTargetRoute));
const EditWebhookTargetRoute = lazyComponent(() =>
  import('./signals/webhook-targets').then((m) => m.EditWebhookTargetRoute),
);
const IncidentRoomRoute = lazyComponent(() => import('./incidents/incident-room').then((m) => m.IncidentRoomRoute));
const IncidentsRoute = lazyComponent(() => import('./incidents/incidents-list').then((m) => m.IncidentsRoute));
const IncidentTasksRoute = lazyComponent(() => import('./incidents/incidents-list').then((m) => m.IncidentTasksRoute));
const FollowUpsRoute = lazyComponent(() => import('./incidents/incidents-list').then((m) => m.FollowUpsRoute));
const MaintenancesRoute = lazyComponent(() => import('./incidents/maintenances').then((m) => m.MaintenancesRoute));
const NewMaintenanceRoute = lazyComponent(() => import('./incidents/maintenances').then((m) => m.NewMaintenanceRoute));
const EditMaintenanceRoute = lazyComponent(() =>
  import('./incidents/maintenances').then((m) => m.EditMaintenanceRoute),
);
const IncidentHistoryRoute = lazyComponent(() =>
  import('./incidents/incident-history').then((m) => m.IncidentHistoryRoute),
);
const IncidentRetrospectiveRoute = lazyComponent(() =>
  import('./incidents/incident-retrospective').then((m) => m.IncidentRetrospectiveRoute),
);
const NewHeartbeatRoute = lazyComponent(() => import('./signals/sources').then((m) => m.NewHeartbeatRoute));
const LogsRoute = lazyComponent(() => import('./signals/logs').then((m) => m.LogsRoute));
const AlertVisualizationRoute = lazyComponent(() =>
  import('./signals/alert-visualization').then((m) => m.AlertVisualizationRoute),
);
const AlertAnalyticsRoute = lazyComponent(() =>
  import('./signals/alert-visualization').then((m) => m.AlertAnalyticsRoute),
);
const AlertGroupingRoute = lazyComponent(() => import('./signals/alert-grouping').then((m) => m.AlertGroupingRoute));
const NewGroupingRuleRoute = lazyComponent(() =>
  import('./signals/alert-grouping').then((m) => m.NewGroupingRuleRoute),
);
const EditGroupingRuleRoute = lazyComponent(() =>
  import('./signals/alert-grouping').then((m) => m.EditGroupingRuleRoute),
);

const SeveritiesRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.SeveritiesRoute));
const PrioritiesRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.PrioritiesRoute));
const MilestonesRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.MilestonesRoute));
const IncidentRolesRoute = lazyComponent(() =>
  import('./settings/incident-settings').then((m) => m.IncidentRolesRoute),
);
const IncidentTypesRoute = lazyComponent(() =>
  import('./settings/incident-settings').then((m) => m.IncidentTypesRoute),
);
const TaskListsRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.TaskListsRoute));
const StatusUpdateTemplatesRoute = lazyComponent(() =>
  import('./settings/incident-settings').then((m) => m.StatusUpdateTemplatesRoute),
);
const ConditionsRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.ConditionsRoute));
const AudiencesRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.AudiencesRoute));
const SeverityMatrixRoute = lazyComponent(() =>
  import('./settings/incident-settings').then((m) => m.SeverityMatrixRoute),
);
const TicketingRoute = lazyComponent(() => import('./settings/incident-settings').then((m) => m.TicketingRoute));
const RetrospectiveTemplatesRoute = lazyComponent(() =>
  import('./settings/retrospective-templates').then((m) => m.RetrospectiveTemplatesRoute),
);
const NewRetrospectiveTemplateRoute = lazyComponent(() =>
  import('./settings/retrospective-templates').then((m) => m.NewRetrospectiveTemplateRoute),
);
const RetrospectiveTemplateRoute = lazyComponent(() =>
  import('./settings/retrospective-templates').then((m) => m.RetrospectiveTemplateRoute),
);
const EditRetrospectiveTemplateRoute = lazyComponent(() =>
  import('./settings/retrospective-templates').then((m) => m.EditRetrospectiveTemplateRoute),
);
const CopyRetrospectiveTemplateRoute = lazyComponent(() =>
  import('./settings/retrospective-templates').then((m) => m.CopyRetrospectiveTemplateRoute),
);

/** The screens built so far; every other navigation entry shows its placeholder. */
const SCREENS: Partial<Record<string, ComponentType>> = {
  '/onboarding': OnboardingEntryRoute,
  '/ops': OpsRoute,
  '/history': HistoryRoute,
  '/settings/teams': TeamsRoute,
  '/settings/teams/new': NewTeamRoute,
  '/settings/teams/:teamId': TeamIndexRoute,
  '/settings/teams/:teamId/edit': EditTeamRoute,
  '/settings/teams/:teamId/overview': TeamOverviewRoute,
  '/settings/teams/:teamId/escalation_policies': EscalationPoliciesRoute,
  '/settings/teams/:teamId/escalation_policies/new': NewEscalationPolicyRoute,
  '/settings/teams/:teamId/escalation_policies/:policyId/edit': EditEscalationPolicyRoute,
  '/settings/teams/:teamId/rules/new': NewAlertRuleRoute,
  '/settings/teams/:teamId/rules/:ruleId/edit': EditAlertRuleRoute,
  '/settings/users': UsersRoute,
  '/settings/api_keys': ApiKeysRoute,
  '/settings/users/:userId/edit': UserEditRoute,
  '/settings/invitations/new': InvitationNewRoute,
  '/settings/organization': OrganizationRoute,
  '/settings/organization_roles': OrganizationRolesRoute,
  '/settings/sso/edit': SsoSettingsRoute,
  '/settings/audit_events': AuditEventsRoute,
  '/account/edit': AccountEditRoute,
  '/account/password_security': PasswordSecurityRoute,
  '/account/organization_settings': OrganizationSettingsRoute,
  '/signals/notification_policy': NotificationPolicyRoute,
  '/signals/alerts': AlertsRoute,
  '/signals/alerts/:alertId': AlertDetailRoute,
  '/signals/logs': LogsRoute,
  '/signals/alert_visualization': AlertVisualizationRoute,
  '/signals/alert_grouping': AlertGroupingRoute,
  '/signals/alert_grouping/new': NewGroupingRuleRoute,
  '/signals/alert_grouping/:groupId/edit': EditGroupingRuleRoute,
  '/analytics/alerts': AlertAnalyticsRoute,
  '/signals/sources': SourcesRoute,
  '/signals/sources/new': NewSourceRoute,
  '/signals/sources/:sourceId': SourceRoute,
  '/signals/sources/:sourceId/edit': EditSourceRoute,
  '/signals/on_call_schedules': OnCallSchedulesRoute,
  '/signals/on_call_schedules/new': NewScheduleRoute,
  '/signals/on_call_schedules/my_shifts': MyShiftsRoute,
  '/signals/on_call_schedules/:scheduleId': ScheduleRoute,
  '/signals/on_call_schedules/:scheduleId/edit': EditScheduleRoute,
  '/analytics/shift_hours': ShiftHoursRoute,
  '/signals/webhook_targets': WebhookTargetsRoute,
  '/signals/webhook_targets/new': NewWebhookTargetRoute,
  '/signals/webhook_targets/:targetId': WebhookTargetRoute,
  '/signals/webhook_targets/:targetId/edit': EditWebhookTargetRoute,
  '/signals/sources/heartbeats/new': NewHeartbeatRoute,
  '/incidents': IncidentsRoute,
  '/incidents/tasks': IncidentTasksRoute,
  '/incidents/follow_ups': FollowUpsRoute,
  '/incidents/maintenances': MaintenancesRoute,
  '/incidents/maintenances/new': NewMaintenanceRoute,
  '/incidents/maintenances/:scheduledMaintenanceId/edit': EditMaintenanceRoute,
  '/incidents/:incidentId/history': IncidentHistoryRoute,
  '/incidents/:incidentId/retrospective/*': IncidentRetrospectiveRoute,
  '/incidents/:incidentId': IncidentRoomRoute,
  '/settings/severities_index': SeveritiesRoute,
  '/settings/priorities': PrioritiesRoute,
  '/settings/incident_milestones': MilestonesRoute,
  '/settings/roles': IncidentRolesRoute,
  '/settings/incident_types_and_settings': IncidentTypesRoute,
  '/settings/task_lists': TaskListsRoute,
  '/settings/task_lists/*': TaskListsRoute,
  '/settings/status_update_templates': StatusUpdateTemplatesRoute,
  '/settings/conditions': ConditionsRoute,
  '/settings/audiences': AudiencesRoute,
  '/settings/severities_matrix': SeverityMatrixRoute,
  '/settings/tickets': TicketingRoute,
  '/settings/retrospectives/templates': RetrospectiveTemplatesRoute,
  '/settings/retrospectives/templates/new': NewRetrospectiveTemplateRoute,
  '/settings/retrospectives/templates/:retrospectiveTemplateId': RetrospectiveTemplateRoute,
  '/settings/retrospectives/templates/:retrospectiveTemplateId/edit': EditRetrospectiveTemplateRoute,
  '/settings/retrospectives/templates/:retrospectiveTemplateId/copy': CopyRetrospectiveTemplateRoute,
};

function pageRoute(item: NavItem): RouteObject {
  const Screen = SCREENS[item.to];
  return {
    path: item.to.slice(1),
    handle: isLazyComponent(Screen) ? screenHandle(Screen) : undefined,
    element: <RequireAccess gate={item}>{Screen ? <Screen /> : <PlaceholderRoute title={item.title} />}</RequireAccess>,
  };
}

/** A path listed twice (Teams is in Settings and in Other) is guarded by its first, ungated entry. */
function uniqueByPath(items: readonly NavItem[]): NavItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.to) && seen.add(item.to));
}

export const signedInRoutes: RouteObject[] = [
  ...uniqueByPath([...NAVIGATION.flatMap((group) => group.items), ...LINKED_PAGES]).map(pageRoute),
  { path: 'unauthorized/:requiredPermission', element: <UnauthorizedRoute /> },
  // SPEC.md section 2: any other account path opens the profile.
  { path: 'account/*', element: <Navigate to="/account/edit" replace /> },
  { path: '*', element: <NotFoundRoute /> },
];
