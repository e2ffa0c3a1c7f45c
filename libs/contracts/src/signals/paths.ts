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
