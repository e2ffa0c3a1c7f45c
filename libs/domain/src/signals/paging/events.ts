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

export type PagingEvent =
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
