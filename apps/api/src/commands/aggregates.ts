import {
  apiKeyStream,
  decideApiKey,
  evolveApiKey,
  initialApiKey,
  type ApiKeyCommand,
  decideMaintenance,
  evolveMaintenance,
  initialMaintenance,
  maintenanceStream,
  type MaintenanceCommand,
  decideIncident,
  decideIncidentNumbers,
  decideIncidentVisit,
  evolveIncident,
  evolveIncidentNumbers,
  evolveIncidentVisit,
  incidentNumbersStream,
  incidentStream,
  incidentVisitStream,
  initialIncident,
  initialIncidentNumbers,
  initialIncidentVisit,
  type AllocateIncidentNumber,
  type IncidentCommand,
  type RecordIncidentVisit,
  decideAlertGroups,
  decideGroupingRules,
  evolveAlertGroups,
  evolveGroupingRules,
  groupingRulesStream,
  initialAlertGroups,
  initialGroupingRules,
  type AlertGroupCommand,
  type GroupingRuleCommand,
  alertRulesStream,
  chatDestinationStream,
  decideChatDestination,
  decidePushDevice,
  evolveChatDestination,
  evolvePushDevice,
  initialChatDestination,
  initialPushDevice,
  pushDeviceStream,
  type ChatDestinationCommand,
  type PushDeviceCommand,
  alternativeEmailStream,
  decideAlert,
  decideAlertRules,
  decideEventSource,
  decideHeartbeat,
  evolveHeartbeat,
  heartbeatStream,
  initialHeartbeat,
  type HeartbeatCommand,
  decideSelfTest,
  evolveSelfTest,
  initialSelfTest,
  selfTestStream,
  type SelfTestCommand,
  decideAlternativeEmail,
  decideEmailReservation,
  decideEscalationPolicy,
  decideHandoffNotifications,
  decideNotificationPolicyItem,
  decideOnCallSchedule,
  decideNotificationSettings,
  decideOnboarding,
  decideOrganization,
  decidePhone,
  decideProcessRun,
  decideRegistration,
  decideSession,
  decideSso,
  decideTeam,
  decideUser,
  emailStream,
  escalationPolicyStream,
  eventSourceStream,
  evolveAlert,
  evolveAlertRules,
  evolveEventSource,
  evolveAlternativeEmail,
  evolveEmailReservation,
  evolveEscalationPolicy,
  evolveHandoffNotifications,
  evolveNotificationPolicyItem,
  evolveOnCallSchedule,
  evolveNotificationSettings,
  evolveOnboarding,
  evolveOrganization,
  evolvePhone,
  evolveProcessRun,
  evolveRegistration,
  evolveSession,
  evolveSso,
  evolveTeam,
  evolveUser,
  handoffNotificationsStream,
  initialAlert,
  initialAlertRules,
  initialAlternativeEmail,
  initialEmailReservation,
  initialEscalationPolicy,
  initialEventSource,
  initialHandoffNotifications,
  initialNotificationPolicyItem,
  initialOnCallSchedule,
  initialNotificationSettings,
  initialOnboarding,
  initialOrganization,
  initialPhone,
  initialProcessRun,
  initialRegistration,
  initialSession,
  initialSso,
  initialTeam,
  initialUser,
  notificationPolicyItemStream,
  onCallScheduleStream,
  notificationSettingsStream,
  onboardingStream,
  organizationStream,
  phoneStream,
  registrationStream,
  sessionStream,
  ssoStream,
  teamStream,
  userStream,
  type AlertCommand,
  type AlertRuleCommand,
  type AlternativeEmailCommand,
  type EmailReservationCommand,
  type EscalationPolicyCommand,
  type EventSourceCommand,
  type HandoffNotificationCommand,
  type NotificationPolicyCommand,
  type NotificationSettingCommand,
  type OnboardingCommand,
  type OnCallScheduleCommand,
  type OrganizationCommand,
  type PhoneCommand,
  type ProcessCommand,
  type RegistrationCommand,
  type SessionCommand,
  type SsoCommand,
  type TeamCommand,
  type UserCommand,
  decideWebhookDelivery,
  decideWebhookTarget,
  evolveWebhookDelivery,
  evolveWebhookTarget,
  initialWebhookDelivery,
  initialWebhookTarget,
  webhookDeliveryStream,
  webhookTargetStream,
  type WebhookDeliveryCommand,
  type WebhookTargetCommand,
  decideIncidentSettings,
  evolveIncidentSettings,
  incidentSettingsStream,
  initialIncidentSettings,
  type IncidentSettingsCommand,
  decideRetrospective,
  decideRetrospectiveTemplate,
  evolveRetrospective,
  evolveRetrospectiveTemplate,
  initialRetrospective,
  initialRetrospectiveTemplate,
  retrospectiveStream,
  retrospectiveTemplateStream,
  type RetrospectiveCommand,
  type RetrospectiveTemplateCommand,
} from '@tocsin/domain';
import type { DistributiveOmit } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import { CommandMessage } from './command-message';

/**
 * Each aggregate's command message: its decider and its stream, typed, so a command can only go to the
 * decider that knows it. `Commands.run` sends any of them to the one handler.
 */
export const deciders = {
  user: { initial: initialUser, evolve: evolveUser, decide: decideUser },
  organization: { initial: initialOrganization, evolve: evolveOrganization, decide: decideOrganization },
  session: { initial: initialSession, evolve: evolveSession, decide: decideSession },
  emailReservation: {
    initial: initialEmailReservation,
    evolve: evolveEmailReservation,
    decide: decideEmailReservation,
  },
  registration: { initial: initialRegistration, evolve: evolveRegistration, decide: decideRegistration },
  sso: { initial: initialSso, evolve: evolveSso, decide: decideSso },
  team: { initial: initialTeam, evolve: evolveTeam, decide: decideTeam },
  notificationPolicyItem: {
    initial: initialNotificationPolicyItem,
    evolve: evolveNotificationPolicyItem,
    decide: decideNotificationPolicyItem,
  },
  notificationSettings: {
    initial: initialNotificationSettings,
    evolve: evolveNotificationSettings,
    decide: decideNotificationSettings,
  },
  handoffNotifications: {
    initial: initialHandoffNotifications,
    evolve: evolveHandoffNotifications,
    decide: decideHandoffNotifications,
  },
  onboarding: { initial: initialOnboarding, evolve: evolveOnboarding, decide: decideOnboarding },
  phone: { initial: initialPhone, evolve: evolvePhone, decide: decidePhone },
  chatDestination: {
    initial: initialChatDestination,
    evolve: evolveChatDestination,
    decide: decideChatDestination,
  },
  pushDevice: { initial: initialPushDevice, evolve: evolvePushDevice, decide: decidePushDevice },
  alternativeEmail: {
    initial: initialAlternativeEmail,
    evolve: evolveAlternativeEmail,
    decide: decideAlternativeEmail,
  },
  processRun: { initial: initialProcessRun, evolve: evolveProcessRun, decide: decideProcessRun },
  alert: { initial: initialAlert, evolve: evolveAlert, decide: decideAlert },
  eventSource: { initial: initialEventSource, evolve: evolveEventSource, decide: decideEventSource },
  escalationPolicy: {
    initial: initialEscalationPolicy,
    evolve: evolveEscalationPolicy,
    decide: decideEscalationPolicy,
  },
  alertRules: { initial: initialAlertRules, evolve: evolveAlertRules, decide: decideAlertRules },
  onCallSchedule: { initial: initialOnCallSchedule, evolve: evolveOnCallSchedule, decide: decideOnCallSchedule },
  webhookTarget: { initial: initialWebhookTarget, evolve: evolveWebhookTarget, decide: decideWebhookTarget },
  webhookDelivery: { initial: initialWebhookDelivery, evolve: evolveWebhookDelivery, decide: decideWebhookDelivery },
  heartbeat: { initial: initialHeartbeat, evolve: evolveHeartbeat, decide: decideHeartbeat },
  selfTest: { initial: initialSelfTest, evolve: evolveSelfTest, decide: decideSelfTest },
  apiKey: { initial: initialApiKey, evolve: evolveApiKey, decide: decideApiKey },
  groupingRules: { initial: initialGroupingRules, evolve: evolveGroupingRules, decide: decideGroupingRules },
  alertGroups: { initial: initialAlertGroups, evolve: evolveAlertGroups, decide: decideAlertGroups },
  maintenance: { initial: initialMaintenance, evolve: evolveMaintenance, decide: decideMaintenance },
  incident: { initial: initialIncident, evolve: evolveIncident, decide: decideIncident },
  incidentNumbers: { initial: initialIncidentNumbers, evolve: evolveIncidentNumbers, decide: decideIncidentNumbers },
  incidentVisit: { initial: initialIncidentVisit, evolve: evolveIncidentVisit, decide: decideIncidentVisit },
  incidentSettings: {
    initial: initialIncidentSettings,
    evolve: evolveIncidentSettings,
    decide: decideIncidentSettings,
  },
  retrospectiveTemplate: {
    initial: initialRetrospectiveTemplate,
    evolve: evolveRetrospectiveTemplate,
    decide: decideRetrospectiveTemplate,
  },
  retrospective: { initial: initialRetrospective, evolve: evolveRetrospective, decide: decideRetrospective },
};

export const userCommand = (command: UserCommand, context: RequestContext) =>
  new CommandMessage(deciders.user, userStream(command.userId), command, context);

export const organizationCommand = (command: OrganizationCommand, context: RequestContext) =>
  new CommandMessage(deciders.organization, organizationStream(command.organizationId), command, context);

export const sessionCommand = (command: SessionCommand, context: RequestContext) =>
  new CommandMessage(deciders.session, sessionStream(command.sessionKey), command, context);

/** An address belongs to no organization: its events carry none. */
export const emailReservationCommand = (command: EmailReservationCommand, context: RequestContext) =>
  new CommandMessage(deciders.emailReservation, emailStream(command.email), command, { ...context, orgId: null });

/** A registration precedes any organization: its events stay out of every organization's history. */
export const registrationCommand = (command: RegistrationCommand, context: RequestContext) =>
  new CommandMessage(deciders.registration, registrationStream(command.registrationId), command, {
    ...context,
    orgId: '',
  });

export const ssoCommand = (command: SsoCommand, context: RequestContext) =>
  new CommandMessage(deciders.sso, ssoStream(command.organizationId), command, context);

/** A team command in the caller's organization (never one the client names). */
export const teamCommand = (command: DistributiveOmit<TeamCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as TeamCommand;
  return new CommandMessage(deciders.team, teamStream(full.teamId), full, context);
};

/** A notification policy command in the caller's organization (never one the client names). */
export const notificationPolicyItemCommand = (
  command: DistributiveOmit<NotificationPolicyCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as NotificationPolicyCommand;
  return new CommandMessage(deciders.notificationPolicyItem, notificationPolicyItemStream(full.id), full, context);
};

/** A change to one user's notification settings; the stream is the user's own. */
export const notificationSettingsCommand = (
  userId: string,
  command: NotificationSettingCommand,
  context: RequestContext,
) => new CommandMessage(deciders.notificationSettings, notificationSettingsStream(userId), command, context);

/** A change to one user's handoff reminders; the stream is the user's own. */
export const handoffNotificationsCommand = (
  userId: string,
  command: HandoffNotificationCommand,
  context: RequestContext,
) => new CommandMessage(deciders.handoffNotifications, handoffNotificationsStream(userId), command, context);

/** An onboarding command in the caller's organization (never one the client names). */
export const onboardingCommand = (
  command: DistributiveOmit<OnboardingCommand, 'organizationId'>,
  context: RequestContext,
) => {
  const full = { ...command, organizationId: context.orgId } as OnboardingCommand;
  return new CommandMessage(deciders.onboarding, onboardingStream(context.orgId), full, context);
};

/**
 * Phones and alternative emails belong to the person, not to the organization of the session: their
 * events carry no organization, so numbers and addresses never show in an organization's history.
 */
export const phoneCommand = (command: PhoneCommand, context: RequestContext) =>
  new CommandMessage(deciders.phone, phoneStream(command.phoneId), command, { ...context, orgId: '' });

/** A person's chat webhooks and push devices belong to them like phones: their events carry no organization. */
export const chatDestinationCommand = (command: ChatDestinationCommand, context: RequestContext) =>
  new CommandMessage(deciders.chatDestination, chatDestinationStream(command.destinationId), command, {
    ...context,
    orgId: '',
  });

export const pushDeviceCommand = (command: PushDeviceCommand, context: RequestContext) =>
  new CommandMessage(deciders.pushDevice, pushDeviceStream(command.deviceId), command, { ...context, orgId: '' });

export const alternativeEmailCommand = (command: AlternativeEmailCommand, context: RequestContext) =>
  new CommandMessage(deciders.alternativeEmail, alternativeEmailStream(command.alternativeEmailId), command, {
    ...context,
    orgId: '',
  });

/** A process run's own events stay out of every organization's history (they may hold a password hash). */
export const processRunCommand = (stream: string, command: ProcessCommand, context: RequestContext) =>
  new CommandMessage(deciders.processRun, stream, command, { ...context, orgId: '' });

/** A command on one alert's stream (named from its source and dedup key: the caller knows it, a client never names it). */
export const alertCommand = (stream: string, command: AlertCommand, context: RequestContext) =>
  new CommandMessage(deciders.alert, stream, command, context);

/** An event source command in the caller's organization (never one the client names). */
export const eventSourceCommand = (command: DistributiveOmit<EventSourceCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as EventSourceCommand;
  return new CommandMessage(deciders.eventSource, eventSourceStream(full.sourceId), full, context);
};

/** An escalation policy command in the caller's organization (never one the client names). */
export const escalationPolicyCommand = (
  command: DistributiveOmit<EscalationPolicyCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as EscalationPolicyCommand;
  return new CommandMessage(deciders.escalationPolicy, escalationPolicyStream(full.policyId), full, context);
};

/** A command on one team's alert rule list, in the caller's organization; the stream is the team's list. */
export const alertRulesCommand = (command: DistributiveOmit<AlertRuleCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as AlertRuleCommand;
  return new CommandMessage(deciders.alertRules, alertRulesStream(full.teamId), full, context);
};

/** An on-call schedule command in the caller's organization (never one the client names). */
export const onCallScheduleCommand = (
  command: DistributiveOmit<OnCallScheduleCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as OnCallScheduleCommand;
  return new CommandMessage(deciders.onCallSchedule, onCallScheduleStream(full.scheduleId), full, context);
};

/** A webhook target command in the caller's organization (never one the client names). */
export const webhookTargetCommand = (
  command: DistributiveOmit<WebhookTargetCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as WebhookTargetCommand;
  return new CommandMessage(deciders.webhookTarget, webhookTargetStream(full.targetId), full, context);
};

/** A command on one event's delivery to one target, in the caller's organization. */
export const webhookDeliveryCommand = (
  command: DistributiveOmit<WebhookDeliveryCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as WebhookDeliveryCommand;
  return new CommandMessage(
    deciders.webhookDelivery,
    webhookDeliveryStream(full.targetId, full.eventId),
    full,
    context,
  );
};

/** A heartbeat command in the given organization: the caller's (a session) or the one the ping token named. */
export const heartbeatCommand = (command: DistributiveOmit<HeartbeatCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as HeartbeatCommand;
  return new CommandMessage(deciders.heartbeat, heartbeatStream(full.heartbeatId), full, context);
};
/** A command on one team's alert grouping rules, in the caller's organization; the stream is the team's list. */
export const groupingRulesCommand = (
  command: DistributiveOmit<GroupingRuleCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as GroupingRuleCommand;
  return new CommandMessage(deciders.groupingRules, groupingRulesStream(full.teamId), full, context);
};

/** A command on one group key's stream (named from the team, rule and key: a client never names it). */
export const alertGroupsCommand = (stream: string, command: AlertGroupCommand, context: RequestContext) =>
  new CommandMessage(deciders.alertGroups, stream, command, context);

/** A scheduled maintenance command in the caller's organization (never one the client names). */
export const maintenanceCommand = (command: DistributiveOmit<MaintenanceCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as MaintenanceCommand;
  return new CommandMessage(deciders.maintenance, maintenanceStream(full.maintenanceId), full, context);
};
/** An incident command in the caller's organization (never one the client names). */
export const incidentCommand = (command: DistributiveOmit<IncidentCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as IncidentCommand;
  return new CommandMessage(deciders.incident, incidentStream(full.incidentId), full, context);
};

/** The next number of the caller's organization for a new incident (one stream per organization). */
export const incidentNumberCommand = (incidentId: string, context: RequestContext) => {
  const command: AllocateIncidentNumber = { type: 'AllocateIncidentNumber', orgId: context.orgId, incidentId };
  return new CommandMessage(deciders.incidentNumbers, incidentNumbersStream(context.orgId), command, context);
};

/** Where the caller last looked at an incident (their own stream for it). */
export const incidentVisitCommand = (command: Omit<RecordIncidentVisit, 'type'>, context: RequestContext) =>
  new CommandMessage(
    deciders.incidentVisit,
    incidentVisitStream(command.incidentId, command.userId),
    { type: 'RecordIncidentVisit', ...command },
    context,
  );

/** A save of a part of the caller's organization's incident settings; the stream is the organization's. */
export const incidentSettingsCommand = (
  command: DistributiveOmit<IncidentSettingsCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as IncidentSettingsCommand;
  return new CommandMessage(deciders.incidentSettings, incidentSettingsStream(context.orgId), full, context);
};

/** A retrospective template command in the caller's organization; the stream names the organization too. */
export const retrospectiveTemplateCommand = (
  command: DistributiveOmit<RetrospectiveTemplateCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as RetrospectiveTemplateCommand;
  return new CommandMessage(
    deciders.retrospectiveTemplate,
    retrospectiveTemplateStream(full.orgId, full.templateId),
    full,
    context,
  );
};

/** A command on one incident's retrospective, in the caller's organization. */
export const retrospectiveCommand = (
  command: DistributiveOmit<RetrospectiveCommand, 'orgId'>,
  context: RequestContext,
) => {
  const full = { ...command, orgId: context.orgId } as RetrospectiveCommand;
  return new CommandMessage(deciders.retrospective, retrospectiveStream(full.incidentId), full, context);
};

/** An API key command in the caller's organization (never one the client names). */
export const apiKeyCommand = (command: DistributiveOmit<ApiKeyCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as ApiKeyCommand;
  return new CommandMessage(deciders.apiKey, apiKeyStream(full.keyId), full, context);
};

/** The caller's organization's self-test settings (never another's: the stream is named from the session's). */
export const selfTestCommand = (command: DistributiveOmit<SelfTestCommand, 'orgId'>, context: RequestContext) => {
  const full = { ...command, orgId: context.orgId } as SelfTestCommand;
  return new CommandMessage(deciders.selfTest, selfTestStream(full.orgId), full, context);
};
