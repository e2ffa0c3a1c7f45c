/**
 * The alert lifecycle events a webhook target may ask for (issue 20, "Webhook targets"), each named from the
 * alert's own event in the log. Looked up as own properties only: input never indexes an object.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alert.triggered',
  'alert.acknowledged',
  'alert.resolved',
  'alert.escalated',
  'alert.reassigned',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const FROM_ALERT_EVENT = new Map<string, WebhookEventType>([
  ['AlertTriggered', 'alert.triggered'],
  ['AlertAcknowledged', 'alert.acknowledged'],
  ['AlertResolved', 'alert.resolved'],
  ['AlertEscalated', 'alert.escalated'],
  ['AlertReassigned', 'alert.reassigned'],
]);

/** The webhook event an alert event in the log is delivered as, or null when none is. */
export const webhookEventTypeOf = (alertEventType: string): WebhookEventType | null =>
  FROM_ALERT_EVENT.get(alertEventType) ?? null;

/** What a member sets on a target and may change later. */
export interface WebhookTargetSettings {
  name: string;
  url: string;
  eventTypes: WebhookEventType[];
  /** Only alerts of these teams; empty: every team's. */
  teamIds: string[];
}

/**
 * `secret` is sealed (encrypted at rest, like a source's signing secret); `secretHint` its last four characters.
 * `since` is not here: the read model takes the position of this event, so a target is sent only what follows it.
 */
export type WebhookTargetCreated = {
  type: 'WebhookTargetCreated';
  data: { targetId: string; orgId: string; secret: string; secretHint: string } & WebhookTargetSettings;
};
export type WebhookTargetChanged = { type: 'WebhookTargetChanged'; data: { targetId: string } & WebhookTargetSettings };
/** A new secret; the one it replaces still signs each delivery (a second `v1=`) until the rotation is finished. */
export type WebhookTargetSecretRotated = {
  type: 'WebhookTargetSecretRotated';
  data: { targetId: string; secret: string; secretHint: string; previousSecret: string };
};
export type WebhookTargetRotationFinished = { type: 'WebhookTargetRotationFinished'; data: { targetId: string } };
/** One more failed try in a row; `since` is when the first of them failed. */
export type WebhookTargetFailed = {
  type: 'WebhookTargetFailed';
  data: { targetId: string; failures: number; since: string; at: string };
};
/** A try went through after failures: the count starts over. */
export type WebhookTargetRecovered = { type: 'WebhookTargetRecovered'; data: { targetId: string; at: string } };
/** Too many failures in a row for too long: nothing is sent until someone resumes it. */
export type WebhookTargetPaused = {
  type: 'WebhookTargetPaused';
  data: { targetId: string; orgId: string; failures: number; since: string; at: string };
};
export type WebhookTargetResumed = { type: 'WebhookTargetResumed'; data: { targetId: string; at: string } };
export type WebhookTargetDeleted = { type: 'WebhookTargetDeleted'; data: { targetId: string } };

export type WebhookTargetEvent =
  | WebhookTargetCreated
  | WebhookTargetChanged
  | WebhookTargetSecretRotated
  | WebhookTargetRotationFinished
  | WebhookTargetFailed
  | WebhookTargetRecovered
  | WebhookTargetPaused
  | WebhookTargetResumed
  | WebhookTargetDeleted;

export const webhookTargetStream = (targetId: string) => `webhookTarget-${targetId}`;

/**
 * One try to deliver one event to one target. `eventId` is the alert event's position in the log (the id the
 * receiver sees); `round` 0 is the first delivery, each redelivery from the log starts the next one.
 */
export type WebhookDeliveryAttempted = {
  type: 'WebhookDeliveryAttempted';
  data: {
    targetId: string;
    orgId: string;
    eventId: string;
    eventType: WebhookEventType;
    round: number;
    attempt: number;
    at: string;
    durationMs: number;
    /** The receiver's HTTP status; null when there was none (refused, timed out, unreachable). */
    statusCode: number | null;
    ok: boolean;
    /** Why it failed, in a few words; null when it went through. */
    error: string | null;
  };
};
export type WebhookRedeliveryRequested = {
  type: 'WebhookRedeliveryRequested';
  data: { targetId: string; orgId: string; eventId: string; round: number; at: string };
};

export type WebhookDeliveryEvent = WebhookDeliveryAttempted | WebhookRedeliveryRequested;

export const webhookDeliveryStream = (targetId: string, eventId: string) => `webhookDelivery-${targetId}-${eventId}`;
