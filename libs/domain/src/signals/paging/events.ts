import type { NotificationType } from '../../notification-preferences/notification-types';
import type { EscalationTarget } from '../escalation-policies/policy';
import type { OnCallRecord, PagingStage, UnreachableReason } from './schedule';
import type { AlertActor } from '../alerts/actor';

/** The first notification of a step was due: the escalation reached that step. */
export type EscalationStepReached = {
  type: 'EscalationStepReached';
  data: { alertId: string; episode: number; step: number; at: string };
};

/**
 * A try at one notification, recorded before the provider is called (ARCHITECTURE.md, "Signals"): delivery is
 * at-least-once, and an attempt left without an outcome by a crash is tried again.
 */
export type NotificationAttempted = {
  type: 'NotificationAttempted';
  data: {
    alertId: string;
    episode: number;
    attemptId: string;
    /** 1 for the first try of this attempt. */
    try: number;
    stage: PagingStage;
    userId: string;
    /** The user's notification setting (row) this follows. */
    settingId: string;
    channel: NotificationType;
    address: string;
    at: string;
  };
};

/** The provider took it. */
export type NotificationSent = {
  type: 'NotificationSent';
  data: {
    alertId: string;
    episode: number;
    attemptId: string;
    try: number;
    providerMessageId: string;
    answer: string;
    at: string;
  };
};

/** The provider refused or did not answer; `final`: no try is left, the person's next method is tried at once. */
export type NotificationFailed = {
  type: 'NotificationFailed';
  data: {
    alertId: string;
    episode: number;
    attemptId: string;
    try: number;
    answer: string;
    retryable: boolean;
    final: boolean;
    at: string;
  };
};

/** Escalate now: `toStep` starts at once, the later steps follow from here. */
export type AlertEscalated = {
  type: 'AlertEscalated';
  data: { alertId: string; episode: number; fromStep: number | null; toStep: number; at: string; by: AlertActor };
};

/** Handed to one person: the policy's steps stop, they are paged by their own settings from now. */
export type AlertReassigned = {
  type: 'AlertReassigned';
  data: { alertId: string; episode: number; n: number; userId: string; at: string; by: AlertActor };
};

/** A target of a due step pages nobody (a user without settings for the priority, a team without members). */
export type PagingTargetUnreachable = {
  type: 'PagingTargetUnreachable';
  data: {
    alertId: string;
    episode: number;
    attemptId: string;
    stage: PagingStage;
    target: EscalationTarget | null;
    userId: string | null;
    reason: UnreachableReason;
    at: string;
  };
};

/**
 * A step that targets a schedule started: who the schedule had on call then and why (the layer, override or
 * temporary schedule), or nobody, in which case the step went on to the next at once (`skipped`).
 */
export type OnCallResolved = {
  type: 'OnCallResolved';
  data: OnCallRecord & { alertId: string; episode: number; step: number; skipped: boolean; at: string };
};

/**
 * The episode pages nobody until `until`: a scheduled maintenance covers its source (chosen by id, or by the
 * `service` label naming one of the maintenance's services). Recorded at trigger, and again when the window
 * moves (an edit): the latest one is in force.
 */
export type AlertSuppressed = {
  type: 'AlertSuppressed';
  data: {
    alertId: string;
    episode: number;
    maintenanceId: string;
    maintenanceName: string;
    /** The alert's source (the maintenance's release checks it is still covered). */
    sourceId: string;
    until: string;
    /** The `service` label that tied the alert to the maintenance (absent: its source was chosen by id). */
    service?: string;
    at: string;
  };
};

/** Why a suppression ended: the window ended, the maintenance was cancelled, or edited so it no longer covers the alert. */
export const SUPPRESSION_END_REASONS = ['window_ended', 'cancelled', 'no_longer_covered'] as const;
export type SuppressionEndReason = (typeof SUPPRESSION_END_REASONS)[number];

/** The suppression is over: the escalation starts now, as if the alert had triggered at `at`. */
export type AlertSuppressionEnded = {
  type: 'AlertSuppressionEnded';
  data: { alertId: string; episode: number; maintenanceId: string; reason: SuppressionEndReason; at: string };
};

export type PagingEvent =
  | AlertSuppressed
  | AlertSuppressionEnded
  | OnCallResolved
  | PagingTargetUnreachable
  | EscalationStepReached
  | NotificationAttempted
  | NotificationSent
  | NotificationFailed
  | AlertEscalated
  | AlertReassigned;

/** How many tries one notification gets before its failure is final. */
export const NOTIFICATION_TRIES = 3;
/**
 * A try without an outcome younger than this may still be under way in another worker: not tried again yet.
 * Older, it was left by a crash and is tried again (a rare duplicate beats a lost page).
 */
export const NOTIFICATION_IN_FLIGHT_MS = 15_000;
export const NOTIFICATION_IN_FLIGHT_MESSAGE = 'This notification is being sent';
export const ALERT_NO_NEXT_STEP_MESSAGE = 'The escalation is at its last step';
export const ALERT_NOT_OPEN_MESSAGE = 'The alert is no longer open';
