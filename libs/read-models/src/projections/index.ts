import type { Projection } from '../projection';
import { alertTimelineProjection } from './signals/alert-timeline/alert-timeline.projection';
import { alertsProjection } from './signals/alerts/alerts.projection';
import { alertEpisodesProjection } from './signals/alert-episodes/alert-episodes.projection';
import { eventSourcesProjection } from './signals/event-sources/event-sources.projection';
import { ingestLogsProjection } from './signals/ingest-logs/ingest-logs.projection';
import {
  webhookDeliveriesProjection,
  webhookTargetsProjection,
} from './signals/webhook-targets/webhook-targets.projection';
import { heartbeatsProjection } from './signals/heartbeats/heartbeats.projection';
import { selfTestsProjection } from './signals/self-tests/self-tests.projection';
import { apiKeysProjection } from './api-keys/api-keys.projection';
import { maintenancesProjection } from './incidents/maintenances/maintenances.projection';
import { retrospectiveTemplatesProjection } from './incidents/retrospective-templates/retrospective-templates.projection';
import { retrospectivesProjection } from './incidents/retrospectives/retrospectives.projection';
import { alertRulesProjection } from './signals/alert-rules/alert-rules.projection';
import { groupingRulesProjection } from './signals/grouping-rules/grouping-rules.projection';
import { alertGroupsProjection } from './signals/alert-groups/alert-groups.projection';
import { escalationPoliciesProjection } from './signals/escalation-policies/escalation-policies.projection';
import {
  onCallRemovalsProjection,
  onCallSchedulesProjection,
} from './signals/on-call-schedules/on-call-schedules.projection';
import { incidentsProjection } from './incidents/incidents/incidents.projection';
import { incidentTimelineProjection } from './incidents/incident-timeline/incident-timeline.projection';
import { incidentTasksProjection } from './incidents/incident-tasks/incident-tasks.projection';
import { incidentFollowUpsProjection } from './incidents/incident-follow-ups/incident-follow-ups.projection';
import { incidentVisitsProjection } from './incidents/incident-visits/incident-visits.projection';
import { incidentSettingsProjection } from './incidents/incident-settings/incident-settings.projection';
import { handoffNotificationSettingsProjection } from './handoff-notification-settings/handoff-notification-settings.projection';
import { invitationsProjection } from './invitations/invitations.projection';
import { membershipsProjection } from './memberships/memberships.projection';
import { notificationComplianceProjection } from './notification-compliance/notification-compliance.projection';
import { notificationPolicyItemsProjection } from './notification-policy-items/notification-policy-items.projection';
import { onboardingProjection } from './onboarding/onboarding.projection';
import { notificationSettingsProjection } from './notification-settings/notification-settings.projection';
import { organizationFeatureFlagsProjection } from './organization-feature-flags/organization-feature-flags.projection';
import { phonesProjection } from './phones/phones.projection';
import { chatDestinationsProjection } from './chat-destinations/chat-destinations.projection';
import { pushDevicesProjection } from './push-devices/push-devices.projection';
import { registrationsProjection } from './registrations/registrations.projection';
import { alternativeEmailsProjection } from './alternative-emails/alternative-emails.projection';
import { emailReservationsProjection } from './email-reservations/email-reservations.projection';
import { organizationsProjection } from './organizations/organizations.projection';
import { sessionsProjection } from './sessions/sessions.projection';
import { ssoConfigurationsProjection } from './sso-configurations/sso-configurations.projection';
import { teamsProjection } from './teams/teams.projection';
import { usersProjection } from './users/users.projection';

/** Every registered read model. The projector runs them all; replay and "as of" find them here. */
export const PROJECTIONS: readonly Projection[] = [
  notificationPolicyItemsProjection,
  usersProjection,
  organizationsProjection,
  membershipsProjection,
  sessionsProjection,
  invitationsProjection,
  organizationFeatureFlagsProjection,
  teamsProjection,
  notificationSettingsProjection,
  notificationComplianceProjection,
  handoffNotificationSettingsProjection,
  phonesProjection,
  chatDestinationsProjection,
  pushDevicesProjection,
  alternativeEmailsProjection,
  onboardingProjection,
  ssoConfigurationsProjection,
  registrationsProjection,
  emailReservationsProjection,
  alertTimelineProjection,
  alertRulesProjection,
  alertsProjection,
  alertEpisodesProjection,
  escalationPoliciesProjection,
  eventSourcesProjection,
  ingestLogsProjection,
  onCallSchedulesProjection,
  onCallRemovalsProjection,
  webhookTargetsProjection,
  webhookDeliveriesProjection,
  apiKeysProjection,
  heartbeatsProjection,
  selfTestsProjection,
  groupingRulesProjection,
  alertGroupsProjection,
  maintenancesProjection,
  incidentsProjection,
  incidentTimelineProjection,
  incidentTasksProjection,
  incidentFollowUpsProjection,
  incidentVisitsProjection,
  incidentSettingsProjection,
  retrospectiveTemplatesProjection,
  retrospectivesProjection,
] as unknown as Projection[];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((p) => p.name === name);
}

export {
  maintenancesProjection,
  incidentsProjection,
  incidentTimelineProjection,
  incidentTasksProjection,
  incidentFollowUpsProjection,
  incidentVisitsProjection,
  incidentSettingsProjection,
  retrospectiveTemplatesProjection,
  retrospectivesProjection,
  webhookTargetsProjection,
  webhookDeliveriesProjection,
  groupingRulesProjection,
  alertGroupsProjection,
  alertTimelineProjection,
  alertsProjection,
  alertEpisodesProjection,
  eventSourcesProjection,
  ingestLogsProjection,
  heartbeatsProjection,
  selfTestsProjection,
  alertRulesProjection,
  escalationPoliciesProjection,
  onCallSchedulesProjection,
  onCallRemovalsProjection,
  handoffNotificationSettingsProjection,
  invitationsProjection,
  membershipsProjection,
  notificationComplianceProjection,
  notificationPolicyItemsProjection,
  onboardingProjection,
  notificationSettingsProjection,
  organizationFeatureFlagsProjection,
  phonesProjection,
  chatDestinationsProjection,
  pushDevicesProjection,
  registrationsProjection,
  alternativeEmailsProjection,
  emailReservationsProjection,
  organizationsProjection,
  sessionsProjection,
  ssoConfigurationsProjection,
  teamsProjection,
  usersProjection,
};
