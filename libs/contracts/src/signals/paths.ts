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
/** acknowledge, resolve, escalate, reassign. */
export const alertActionPath = (alertId: string, action: 'acknowledge' | 'resolve' | 'escalate' | 'reassign') =>
  `${alertPath(alertId)}/${action}`;

export const INGEST_LOGS_API = '/api/v1/signals/logs';

export const NOTIFICATION_POLICY_ITEMS_API = '/api/v1/signals/notification_policy_items';
export const notificationPolicyItemPath = (itemId: string) =>
  `${NOTIFICATION_POLICY_ITEMS_API}/${encodeURIComponent(itemId)}`;
/** The organization-wide run of 'Match & update all' (README, Jobs). */
export const NOTIFICATION_POLICY_MATCH_AND_UPDATE_API = '/api/v1/signals/notification_policy/match_and_update';

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
