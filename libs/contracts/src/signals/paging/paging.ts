import type {
  AlertActor,
  AlertGrouping,
  AlertTriggered,
  EscalationTarget,
  NotificationType,
  OnCallReason,
  PagingStage,
  Priority,
  SuppressionEndReason,
  UnreachableReason,
} from '@tocsin/domain';
import type { AlertPolicyCopy } from '../alerts/alerts';

/** POST /api/v1/signals/alerts/{id}/reassign */
export interface ReassignAlertRequest {
  /** A member of the organization: they are paged by their own notification settings from now on. */
  user_id: string;
}

/** One entry of an alert's timeline, by kind. */
export type AlertTimelineEntryDetail =
  | {
      kind: 'triggered';
      summary: string;
      priority: Priority;
      teamId: string;
      routing: AlertTriggered['data']['routing'];
      /** The policy as copied at trigger: the escalation follows it, never a later edit. */
      policy: AlertPolicyCopy | null;
      /** The alert group the episode opened (`first`: it pages for the group) or joined (`member`: not paged). */
      grouping?: AlertGrouping;
    }
  | { kind: 'deduplicated'; count: number }
  /** An incident was declared from the alert (issue 21): its id, "INC-12" and name as declared. */
  | { kind: 'incident_declared'; incidentId: string; reference: string; name: string }
  /** `groupId`: with its group (acknowledging or resolving a group moves each of its alerts). */
  | { kind: 'acknowledged'; by: AlertActor; groupId?: string }
  /** `quietMinutes`: resolved by Tocsin after the source's quiet period. */
  | { kind: 'resolved'; by: AlertActor; quietMinutes?: number; groupId?: string }
  | { kind: 'step_reached'; step: number }
  /**
   * A step targeting an on-call schedule started: who it had on call and why (a layer, an override, a temporary
   * schedule); nobody: the step went on to the next at once (`skipped`).
   */
  | {
      kind: 'on_call_resolved';
      step: number;
      scheduleId: string;
      scheduleName: string;
      userIds: string[];
      reasons: OnCallReason[];
      skipped: boolean;
    }
  /** A target of a step that pages nobody, and why (no settings for the priority, a team without members). */
  | {
      kind: 'target_unreachable';
      stage: PagingStage;
      target: EscalationTarget | null;
      userId: string | null;
      reason: UnreachableReason;
    }
  | { kind: 'escalated'; fromStep: number | null; toStep: number; by: AlertActor }
  | { kind: 'reassigned'; userId: string; by: AlertActor }
  /**
   * A scheduled maintenance holds the episode: nobody is paged until `until` (the latest such entry is in force;
   * `service`: the alert's `service` label tied it to the maintenance, else its source was chosen).
   */
  | { kind: 'suppressed'; maintenanceId: string; maintenanceName: string; until: string; service?: string }
  /** The hold is over (the window ended, the maintenance was cancelled or no longer covers it): paging starts now. */
  | { kind: 'suppression_ended'; maintenanceId: string; reason: SuppressionEndReason }
  | {
      kind: 'notification_attempted';
      attemptId: string;
      try: number;
      stage: PagingStage;
      userId: string;
      channel: NotificationType;
      address: string;
    }
  | { kind: 'notification_sent'; attemptId: string; try: number; providerMessageId: string; answer: string }
  | { kind: 'notification_failed'; attemptId: string; try: number; answer: string; retryable: boolean; final: boolean };

export type AlertTimelineEntry = {
  id: string;
  alert_id: string;
  episode: number;
  at: string;
} & AlertTimelineEntryDetail;

/**
 * The display names of the people an answer mentions, by user id (the name, else the email): members of the
 * caller's organization only. Someone it leaves out (a former member) is named by no answer of another
 * organization's, so the web says "someone no longer in the organization".
 */
export type AlertPeople = Record<string, { name: string }>;

/** GET /api/v1/signals/alerts/{id}/timeline, and the answer of escalate and reassign. */
export interface AlertTimelineResponse {
  data: AlertTimelineEntry[];
  /** Everyone the entries name: actors, people paged or unreachable, reassignees, the copied policy's people. */
  people: AlertPeople;
}

/** Someone the alert's current episode paged, with the time where they are. */
export interface AlertResponder {
  user_id: string;
  /** null for someone no longer a member of the organization. */
  name: string | null;
  /** When the episode first paged them. */
  paged_at: string;
  /** Their IANA time zone (from their working hours), or null when they set none. */
  time_zone: string | null;
  /** `YYYY-MM-DD HH:mm` in their zone now, and its offset from UTC; null without a zone. */
  local_time: string | null;
  utc_offset: string | null;
}

/** GET /api/v1/signals/alerts/{id}/responders */
export interface AlertRespondersResponse {
  data: AlertResponder[];
  people: AlertPeople;
}

/** The path of the signed one-click links (no sign-in): GET shows a confirmation page, POST acts. */
export const ALERT_ACTION_LINK_PATH = /^\/signals\/alerts\/[^/]+\/actions\/[^/]+$/;
/** The SMS reply webhooks (signature checked, no sign-in). */
export const SMS_REPLY_WEBHOOK_PATH = /^\/webhooks\/sms\/[^/]+$/;
