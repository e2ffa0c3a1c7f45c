/** GET /api/v1/ops/paging_audit: what the escalation auditor found on its latest round, for the caller's organization. */
export const PAGING_AUDIT_API = '/api/v1/ops/paging_audit';

/**
 * `step_overdue`: an escalation step past its start and not recorded as reached; `notification_overdue`: a
 * notification past its due time and not tried; `notification_unanswered`: a try the provider never answered.
 */
export type PagingFindingKind = 'step_overdue' | 'notification_overdue' | 'notification_unanswered';

export interface PagingFinding {
  kind: PagingFindingKind;
  alert_id: string;
  /** When it was due (the step's start, the notification's due time, or the try's start). */
  due_at: string;
  /** The channel of a notification finding, null for a step. */
  channel: string | null;
  detail: string;
}

/** A notification scheduled and not sent yet (its due time still ahead). */
export interface PendingNotification {
  alert_id: string;
  user_id: string;
  /** The person's name (on the read side only: the auditor keeps the id). */
  user_name?: string;
  channel: string;
  due_at: string;
}

/** A channel kind and the adapter serving it; `configured: false` pages nowhere real (README "Channels"). */
export interface ChannelReadiness {
  kind: string;
  adapter: string;
  configured: boolean;
  /** Said out loud when not configured: what pages of this kind do instead. */
  message: string | null;
}

export interface PagingAuditResponse {
  data: {
    /** The auditor's latest round for the organization (null: none yet). */
    checked_at: string | null;
    findings: PagingFinding[];
    pending: PendingNotification[];
    channels: ChannelReadiness[];
    /** Whom the auditor pages: the organization's owners. */
    operators: Array<{ id: string; name: string }>;
  };
}

/** GET /api/v1/signals/alerts/{id}/pending_notifications: what the alert will still send, each with its channel's readiness. */
export interface AlertPendingNotificationsResponse {
  data: Array<PendingNotification & { channel_readiness: ChannelReadiness }>;
}
