import { teamPath } from '../teams/paths';

/** The signals calls: a team's escalation policies and rules, the organization's sources, alerts and logs. */
export const escalationPoliciesPath = (teamId: string) => `${teamPath(teamId)}/escalation_policies`;
export const escalationPolicyPath = (teamId: string, policyId: string) =>
  `${escalationPoliciesPath(teamId)}/${encodeURIComponent(policyId)}`;
/** The organization's members and teams a step of the team's policies may page, searchable by name. */
export const escalationTargetsPath = (teamId: string) => `${teamPath(teamId)}/escalation_targets`;

export const alertRulesPath = (teamId: string) => `${teamPath(teamId)}/alert_rules`;
export const alertRulePath = (teamId: string, ruleId: string) =>
  `${alertRulesPath(teamId)}/${encodeURIComponent(ruleId)}`;
export const alertRuleMovePath = (teamId: string, ruleId: string) => `${alertRulePath(teamId, ruleId)}/move`;
export const alertRulePreviewPath = (teamId: string) => `${alertRulesPath(teamId)}/preview`;

export const EVENT_SOURCES_API = '/api/v1/signals/event_sources';
export const eventSourcePath = (sourceId: string) => `${EVENT_SOURCES_API}/${encodeURIComponent(sourceId)}`;
export const eventSourceTokenPath = (sourceId: string) => `${eventSourcePath(sourceId)}/rotate_token`;
export const eventSourceSigningSecretPath = (sourceId: string) => `${eventSourcePath(sourceId)}/signing_secret`;

export const ALERTS_API = '/api/v1/signals/alerts';
export const alertPath = (alertId: string) => `${ALERTS_API}/${encodeURIComponent(alertId)}`;
export const alertTimelinePath = (alertId: string) => `${alertPath(alertId)}/timeline`;
export const alertRespondersPath = (alertId: string) => `${alertPath(alertId)}/responders`;
export const alertPendingNotificationsPath = (alertId: string) => `${alertPath(alertId)}/pending_notifications`;
/** acknowledge, resolve, escalate, reassign. */
export const alertActionPath = (alertId: string, action: 'acknowledge' | 'resolve' | 'escalate' | 'reassign') =>
  `${alertPath(alertId)}/${action}`;

/** A team's alert grouping rules, listed for the whole organization (each names its team). */
export const ALERT_GROUPING_API = '/api/v1/signals/alert_grouping';
export const groupingRulePath = (ruleId: string) => `${ALERT_GROUPING_API}/${encodeURIComponent(ruleId)}`;
/** The groups alerts formed, open ones first; a group's detail lists its alerts. */
export const ALERT_GROUPS_API = '/api/v1/signals/alert_groups';
export const alertGroupPath = (groupId: string) => `${ALERT_GROUPS_API}/${encodeURIComponent(groupId)}`;
export const alertGroupActionPath = (groupId: string, action: 'acknowledge' | 'resolve') =>
  `${alertGroupPath(groupId)}/${action}`;

export const INGEST_LOGS_API = '/api/v1/signals/logs';

/** Alert volume, time to acknowledge and the noisiest sources over a window (the alert charts). */
export const ALERT_VISUALIZATION_API = '/api/v1/signals/alert_visualization';

export const NOTIFICATION_POLICY_ITEMS_API = '/api/v1/signals/notification_policy_items';
export const notificationPolicyItemPath = (itemId: string) =>
  `${NOTIFICATION_POLICY_ITEMS_API}/${encodeURIComponent(itemId)}`;
/** The organization-wide run of 'Match & update all' (README, Jobs). */
export const NOTIFICATION_POLICY_MATCH_AND_UPDATE_API = '/api/v1/signals/notification_policy/match_and_update';

/** On-call schedules (issue 20): the organization's list and "my shifts"; each team's schedules. */
export const ON_CALL_SCHEDULES_API = '/api/v1/signals/on_call_schedules';
export const MY_SHIFTS_API = `${ON_CALL_SCHEDULES_API}/my_shifts`;
export const teamOnCallSchedulesPath = (teamId: string) => `${teamPath(teamId)}/on_call_schedules`;
export const onCallSchedulePreviewPath = (teamId: string) => `${teamOnCallSchedulesPath(teamId)}/preview`;
export const onCallSchedulePath = (teamId: string, scheduleId: string) =>
  `${teamOnCallSchedulesPath(teamId)}/${encodeURIComponent(scheduleId)}`;
export const onCallScheduleFinalPath = (teamId: string, scheduleId: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/final`;
export const onCallScheduleGapsPath = (teamId: string, scheduleId: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/gaps`;
export const onCallScheduleOverridesPath = (teamId: string, scheduleId: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/overrides`;
export const onCallScheduleOverridePath = (teamId: string, scheduleId: string, overrideId: string) =>
  `${onCallScheduleOverridesPath(teamId, scheduleId)}/${encodeURIComponent(overrideId)}`;
export const onCallScheduleTemporaryPath = (teamId: string, scheduleId: string, temporaryId?: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/temporary_schedules${temporaryId ? `/${encodeURIComponent(temporaryId)}` : ''}`;
export const onCallScheduleSwapsPath = (teamId: string, scheduleId: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/swaps`;
export const onCallScheduleSwapActionPath = (
  teamId: string,
  scheduleId: string,
  swapId: string,
  action: 'take' | 'assign' | 'cancel',
) => `${onCallScheduleSwapsPath(teamId, scheduleId)}/${encodeURIComponent(swapId)}/${action}`;
export const onCallScheduleFeedTokenPath = (teamId: string, scheduleId: string) =>
  `${onCallSchedulePath(teamId, scheduleId)}/feed_token`;
/** On-call hours per person over a window, from the final lines (analytics, `/analytics/shift_hours`). */
export const SHIFT_HOURS_API = '/api/v1/analytics/shift_hours';
/** A schedule's iCal feed: the secret in the address is the credential. */
export const scheduleFeedPath = (token: string) => `/calendars/schedules/${token}.ics`;
export const WEBHOOK_TARGETS_API = '/api/v1/signals/webhook_targets';
export const webhookTargetPath = (targetId: string) => `${WEBHOOK_TARGETS_API}/${encodeURIComponent(targetId)}`;
/** A new secret (shown once); the old one keeps signing until the rotation is finished (DELETE). */
export const webhookTargetSecretRotationPath = (targetId: string) => `${webhookTargetPath(targetId)}/secret_rotation`;
export const webhookTargetResumePath = (targetId: string) => `${webhookTargetPath(targetId)}/resume`;
/** The target's delivery log, newest first: each try's status code, time and duration. */
export const webhookTargetDeliveriesPath = (targetId: string) => `${webhookTargetPath(targetId)}/deliveries`;
export const webhookRedeliverPath = (targetId: string, eventId: string) =>
  `${webhookTargetDeliveriesPath(targetId)}/${encodeURIComponent(eventId)}/redeliver`;
/** Every event the target is sent after a given one, in log order (the target's secret or a session). */
export const webhookTargetEventsPath = (targetId: string) => `${webhookTargetPath(targetId)}/events`;
export const HEARTBEATS_API = '/api/v1/signals/heartbeats';
export const heartbeatPath = (heartbeatId: string) => `${HEARTBEATS_API}/${encodeURIComponent(heartbeatId)}`;
export const heartbeatTokenPath = (heartbeatId: string) => `${heartbeatPath(heartbeatId)}/rotate_token`;
/** A heartbeat's ping URL (no session: the token is the credential), GET or POST. */
export const HEARTBEAT_PING_PREFIX = '/heartbeats/';
