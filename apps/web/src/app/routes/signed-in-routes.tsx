import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAccess } from '../guards/require-access';
import { LINKED_PAGES } from '../shell/linked-pages';
import { NAVIGATION, type NavItem } from '../shell/navigation';
import { NotFoundRoute } from './not-found';
import { OnboardingEntryRoute } from './onboarding';
import { PlaceholderRoute } from './placeholder';
import { UnauthorizedRoute } from './unauthorized';

// One chunk per screen, so the first paint does not wait for screens the user has not opened.
const OpsRoute = lazy(() => import('./ops').then((m) => ({ default: m.OpsRoute })));
const AuditEventsRoute = lazy(() => import('./settings/audit-events').then((m) => ({ default: m.AuditEventsRoute })));
const HistoryRoute = lazy(() => import('./history').then((m) => ({ default: m.HistoryRoute })));
const TeamsRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.TeamsRoute })));
const NewTeamRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.NewTeamRoute })));
const EditTeamRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.EditTeamRoute })));
const TeamIndexRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.TeamIndexRoute })));
const TeamOverviewRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.TeamOverviewRoute })));
const EscalationPoliciesRoute = lazy(() =>
  import('./settings/teams').then((m) => ({ default: m.EscalationPoliciesRoute })),
);
const NewEscalationPolicyRoute = lazy(() =>
  import('./settings/teams').then((m) => ({ default: m.NewEscalationPolicyRoute })),
);
const EditEscalationPolicyRoute = lazy(() =>
  import('./settings/teams').then((m) => ({ default: m.EditEscalationPolicyRoute })),
);
const NewAlertRuleRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.NewAlertRuleRoute })));
const EditAlertRuleRoute = lazy(() => import('./settings/teams').then((m) => ({ default: m.EditAlertRuleRoute })));
const ApiKeysRoute = lazy(() => import('./settings/api-keys').then((m) => ({ default: m.ApiKeysRoute })));
const UsersRoute = lazy(() => import('./settings/users').then((m) => ({ default: m.UsersRoute })));
const UserEditRoute = lazy(() => import('./settings/user-edit').then((m) => ({ default: m.UserEditRoute })));
const InvitationNewRoute = lazy(() =>
  import('./settings/invitation-new').then((m) => ({ default: m.InvitationNewRoute })),
);
const OrganizationRoute = lazy(() => import('./settings/organization').then((m) => ({ default: m.OrganizationRoute })));
const SsoSettingsRoute = lazy(() => import('./settings/sso').then((m) => ({ default: m.SsoSettingsRoute })));
const OrganizationRolesRoute = lazy(() =>
  import('./settings/organization-roles').then((m) => ({ default: m.OrganizationRolesRoute })),
);
const AccountEditRoute = lazy(() => import('./account').then((m) => ({ default: m.AccountEditRoute })));
const PasswordSecurityRoute = lazy(() => import('./account').then((m) => ({ default: m.PasswordSecurityRoute })));
const OrganizationSettingsRoute = lazy(() =>
  import('./account').then((m) => ({ default: m.OrganizationSettingsRoute })),
);
const NotificationPolicyRoute = lazy(() =>
  import('./signals/notification-policy').then((m) => ({ default: m.NotificationPolicyRoute })),
);
const AlertsRoute = lazy(() => import('./signals/alerts').then((m) => ({ default: m.AlertsRoute })));
const AlertDetailRoute = lazy(() => import('./signals/alerts').then((m) => ({ default: m.AlertDetailRoute })));
const SourcesRoute = lazy(() => import('./signals/sources').then((m) => ({ default: m.SourcesRoute })));
const NewSourceRoute = lazy(() => import('./signals/sources').then((m) => ({ default: m.NewSourceRoute })));
const SourceRoute = lazy(() => import('./signals/sources').then((m) => ({ default: m.SourceRoute })));
const EditSourceRoute = lazy(() => import('./signals/sources').then((m) => ({ default: m.EditSourceRoute })));
const OnCallSchedulesRoute = lazy(() =>
  import('./signals/on-call-schedules').then((m) => ({ default: m.OnCallSchedulesRoute })),
);
const NewScheduleRoute = lazy(() =>
  import('./signals/on-call-schedules').then((m) => ({ default: m.NewScheduleRoute })),
);
const MyShiftsRoute = lazy(() => import('./signals/on-call-schedules').then((m) => ({ default: m.MyShiftsRoute })));
const ScheduleRoute = lazy(() => import('./signals/on-call-schedules').then((m) => ({ default: m.ScheduleRoute })));
const EditScheduleRoute = lazy(() =>
  import('./signals/on-call-schedules').then((m) => ({ default: m.EditScheduleRoute })),
);
const ShiftHoursRoute = lazy(() => import('./signals/on-call-schedules').then((m) => ({ default: m.ShiftHoursRoute })));
const WebhookTargetsRoute = lazy(() =>
  import('./signals/webhook-targets').then((m) => ({ default: m.WebhookTargetsRoute })),
);
const NewWebhookTargetRoute = lazy(() =>
  import('./signals/webhook-targets').then((m) => ({ default: m.NewWebhookTargetRoute })),
);
const WebhookTargetRoute = lazy(() =>
  import('./signals/webhook-targets').then((m) => ({ default: m.WebhookTargetRoute })),
);
const EditWebhookTargetRoute = lazy(() =>
  import('./signals/webhook-targets').then((m) => ({ default: m.EditWebhookTargetRoute })),
);
const IncidentRoomRoute = lazy(() =>
  import('./incidents/incident-room').then((m) => ({ default: m.IncidentRoomRoute })),
);
const IncidentsRoute = lazy(() => import('./incidents/incidents-list').then((m) => ({ default: m.IncidentsRoute })));
const IncidentTasksRoute = lazy(() =>
  import('./incidents/incidents-list').then((m) => ({ default: m.IncidentTasksRoute })),
);
const FollowUpsRoute = lazy(() => import('./incidents/incidents-list').then((m) => ({ default: m.FollowUpsRoute })));
const MaintenancesRoute = lazy(() =>
  import('./incidents/maintenances').then((m) => ({ default: m.MaintenancesRoute })),
);
const NewMaintenanceRoute = lazy(() =>
  import('./incidents/maintenances').then((m) => ({ default: m.NewMaintenanceRoute })),
);
const EditMaintenanceRoute = lazy(() =>
  import('./incidents/maintenances').then((m) => ({ default: m.EditMaintenanceRoute })),
);
const IncidentHistoryRoute = lazy(() =>
  import('./incidents/incident-history').then((m) => ({ default: m.IncidentHistoryRoute })),
);
const IncidentRetrospectiveRoute = lazy(() =>
  import('./incidents/incident-retrospective').then((m) => ({ default: m.IncidentRetrospectiveRoute })),
);
const NewHeartbeatRoute = lazy(() => import('./signals/sources').then((m) => ({ default: m.NewHeartbeatRoute })));
const LogsRoute = lazy(() => import('./signals/logs').then((m) => ({ default: m.LogsRoute })));
const AlertVisualizationRoute = lazy(() =>
  import('./signals/alert-visualization').then((m) => ({ default: m.AlertVisualizationRoute })),
);
const AlertAnalyticsRoute = lazy(() =>
  import('./signals/alert-visualization').then((m) => ({ default: m.AlertAnalyticsRoute })),
);
const AlertGroupingRoute = lazy(() =>
  import('./signals/alert-grouping').then((m) => ({ default: m.AlertGroupingRoute })),
);
const NewGroupingRuleRoute = lazy(() =>
  import('./signals/alert-grouping').then((m) => ({ default: m.NewGroupingRuleRoute })),
);
const EditGroupingRuleRoute = lazy(() =>
  import('./signals/alert-grouping').then((m) => ({ default: m.EditGroupingRuleRoute })),
);

const SeveritiesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.SeveritiesRoute })),
);
const PrioritiesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.PrioritiesRoute })),
);
const MilestonesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.MilestonesRoute })),
);
const IncidentRolesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.IncidentRolesRoute })),
);
const IncidentTypesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.IncidentTypesRoute })),
);
const TaskListsRoute = lazy(() => import('./settings/incident-settings').then((m) => ({ default: m.TaskListsRoute })));
const StatusUpdateTemplatesRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.StatusUpdateTemplatesRoute })),
);
const ConditionsRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.ConditionsRoute })),
);
const AudiencesRoute = lazy(() => import('./settings/incident-settings').then((m) => ({ default: m.AudiencesRoute })));
const SeverityMatrixRoute = lazy(() =>
  import('./settings/incident-settings').then((m) => ({ default: m.SeverityMatrixRoute })),
);
const TicketingRoute = lazy(() => import('./settings/incident-settings').then((m) => ({ default: m.TicketingRoute })));
const RetrospectiveTemplatesRoute = lazy(() =>
  import('./settings/retrospective-templates').then((m) => ({ default: m.RetrospectiveTemplatesRoute })),
);
const NewRetrospectiveTemplateRoute = lazy(() =>
  import('./settings/retrospective-templates').then((m) => ({ default: m.NewRetrospectiveTemplateRoute })),
);
const RetrospectiveTemplateRoute = lazy(() =>
  import('./settings/retrospective-templates').then((m) => ({ default: m.RetrospectiveTemplateRoute })),
);
const EditRetrospectiveTemplateRoute = lazy(() =>
  import('./settings/retrospective-templates').then((m) => ({ default: m.EditRetrospectiveTemplateRoute })),
);
const CopyRetrospectiveTemplateRoute = lazy(() =>
  import('./settings/retrospective-templates').then((m) => ({ default: m.CopyRetrospectiveTemplateRoute })),
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
