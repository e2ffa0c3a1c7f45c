import type { WebhookEventType, WebhookTargetSettings } from './events';

/**
 * `orgId` is the caller's (from the session). The api looks up what the decider rules on: whether each team is
 * the organization's (`unknownTeamIds`) and what the egress guard says of the URL (`urlProblem`, null: callable).
 * The secret is made by the api (random) and sealed before it enters a command.
 */
export type CreateWebhookTarget = {
  type: 'CreateWebhookTarget';
  targetId: string;
  orgId: string;
  secret: string;
  secretHint: string;
  unknownTeamIds: string[];
  urlProblem: string | null;
  /** http:// is taken only where the operator lets calls reach private addresses (tests, development). */
  httpAllowed: boolean;
} & Partial<WebhookTargetSettings>;

/** Fields left out keep their value (PATCH). */
export type ChangeWebhookTarget = {
  type: 'ChangeWebhookTarget';
  targetId: string;
  orgId: string;
  unknownTeamIds: string[];
  urlProblem: string | null;
  httpAllowed: boolean;
} & Partial<WebhookTargetSettings>;

export type RotateWebhookTargetSecret = {
  type: 'RotateWebhookTargetSecret';
  targetId: string;
  orgId: string;
  secret: string;
  secretHint: string;
  /** The sealed secret being replaced (the api reads it from the target): it keeps signing until the end. */
  previousSecret: string;
};
export type FinishWebhookTargetRotation = { type: 'FinishWebhookTargetRotation'; targetId: string; orgId: string };
/** A delivery job's try, for the failure count and the pause rule. */
export type RecordWebhookTargetOutcome = {
  type: 'RecordWebhookTargetOutcome';
  targetId: string;
  orgId: string;
  ok: boolean;
  at: string;
};
export type ResumeWebhookTarget = { type: 'ResumeWebhookTarget'; targetId: string; orgId: string; at: string };
export type DeleteWebhookTarget = { type: 'DeleteWebhookTarget'; targetId: string; orgId: string };

export type WebhookTargetCommand =
  | CreateWebhookTarget
  | ChangeWebhookTarget
  | RotateWebhookTargetSecret
  | FinishWebhookTargetRotation
  | RecordWebhookTargetOutcome
  | ResumeWebhookTarget
  | DeleteWebhookTarget;

export type RecordWebhookAttempt = {
  type: 'RecordWebhookAttempt';
  targetId: string;
  orgId: string;
  eventId: string;
  eventType: WebhookEventType;
  round: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
};
export type RequestWebhookRedelivery = {
  type: 'RequestWebhookRedelivery';
  targetId: string;
  orgId: string;
  eventId: string;
  at: string;
};

export type WebhookDeliveryCommand = RecordWebhookAttempt | RequestWebhookRedelivery;
