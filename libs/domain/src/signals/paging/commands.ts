import type { NotificationType } from '../../notification-preferences/notification-types';
import type { EscalationTarget } from '../escalation-policies/policy';
import type { OnCallRecord, PagingStage, UnreachableReason } from './schedule';
import type { AlertActor } from '../alerts/actor';

/** A due notification's job fired: try it, unless the alert's state says it is no longer due. */
export interface AttemptNotification {
  type: 'AttemptNotification';
  alertId: string;
  orgId: string;
  episode: number;
  attemptId: string;
  stage: PagingStage;
  userId: string;
  settingId: string;
  channel: NotificationType;
  address: string;
  at: string;
  /**
   * How long a try may take before it counts as abandoned (the caller's delivery timeout and a margin);
   * default NOTIFICATION_IN_FLIGHT_MS.
   */
  inFlightMs?: number;
}

/** What the provider answered to try `try` of an attempt. */
export interface RecordNotificationOutcome {
  type: 'RecordNotificationOutcome';
  alertId: string;
  orgId: string;
  episode: number;
  attemptId: string;
  try: number;
  at: string;
  result: { ok: true; providerMessageId: string; answer: string } | { ok: false; retryable: boolean; answer: string };
}

export interface EscalateAlert {
  type: 'EscalateAlert';
  alertId: string;
  orgId: string;
  by: AlertActor;
  at: string;
}

export interface ReassignAlert {
  type: 'ReassignAlert';
  alertId: string;
  orgId: string;
  /** Checked by the caller to be a member of the organization. */
  userId: string;
  by: AlertActor;
  at: string;
}

/** The source's quiet period has passed since the alert was last seen: resolve it, unless it was seen since. */
export interface AutoResolveAlert {
  type: 'AutoResolveAlert';
  alertId: string;
  orgId: string;
  episode: number;
  sourceId: string;
  /** The source's auto-resolve setting when the job was queued. */
  quietMinutes: number;
  at: string;
}

/** A due step's target pages nobody: record it on the alert (once), unless the step is no longer due. */
export interface RecordUnreachableTarget {
  type: 'RecordUnreachableTarget';
  alertId: string;
  orgId: string;
  episode: number;
  attemptId: string;
  stage: PagingStage;
  target: EscalationTarget | null;
  userId: string | null;
  reason: UnreachableReason;
  at: string;
}

/** A step's start time came: record that the escalation reached it, if it is still due and not yet recorded. */
export interface ReachEscalationStep {
  type: 'ReachEscalationStep';
  alertId: string;
  orgId: string;
  episode: number;
  step: number;
  at: string;
  /** The step's schedule targets, who each had on call when it started (the planner read them): recorded once each. */
  onCall?: OnCallRecord[];
  /** The step pages nobody (its schedules had nobody on call): it went on to the next at once. */
  skipped?: boolean;
}

/**
 * A look at a suppressed alert's maintenance as it is now (at its window's end, or after it was edited or
 * cancelled): `inForceUntil` is the end of its window while it is in force and still covers the alert, null
 * otherwise (cancelled, ended, no longer covering it). The decider ends the suppression, moves it, or does nothing.
 */
export interface ReviewSuppression {
  type: 'ReviewSuppression';
  alertId: string;
  orgId: string;
  episode: number;
  maintenanceId: string;
  maintenanceName: string;
  inForceUntil: string | null;
  /** Why it ends when `inForceUntil` is null or past. */
  reason: 'window_ended' | 'cancelled' | 'no_longer_covered';
  at: string;
}

export type PagingCommand =
  | ReviewSuppression
  | ReachEscalationStep
  | RecordUnreachableTarget
  | AttemptNotification
  | RecordNotificationOutcome
  | EscalateAlert
  | ReassignAlert
  | AutoResolveAlert;
