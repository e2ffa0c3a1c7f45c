import type { AuditActorKind } from '@tocsin/domain';

/** One change in the audit trail (GET /api/v1/audit_events, its export and its feed). */
export interface AuditEvent {
  id: string;
  /** Opaque: pass it as `cursor` (older events) or the feed's `after` (newer ones). */
  cursor: string;
  type: string;
  occurred_at: string;
  organization_id: string;
  actor: { kind: AuditActorKind; id: string | null; via: string | null };
  resource: { kind: string; id: string };
  correlation_id: string;
  /** Secrets never; personal data only for owners (else "[redacted]"). */
  data: unknown;
}

/** Filters shared by the list, the export and the feed; every one optional. */
export interface AuditEventFilter {
  actor?: string;
  type?: string;
  /** A resource kind (`alert`) or kind and id (`alert-3f2c...`): the events of the streams it starts. */
  resource?: string;
  from?: string;
  to?: string;
}

/** GET /api/v1/audit_events: newest first; `cursor` is a page's next_cursor. */
export interface AuditEventsQuery extends AuditEventFilter {
  cursor?: string;
  per_page?: number;
}

export interface AuditEventsPage {
  data: AuditEvent[];
  /**
   * The page's actors in words, by actor id: a person's name (owners only: personal data) and a key's name.
   * Past members keep their name here, since what they did stays in the trail.
   */
  names: Record<string, string>;
  pagination: { per_page: number; next_cursor: string | null };
}

export const AUDIT_EXPORT_FORMATS = ['ndjson', 'csv'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/**
 * GET /api/v1/audit_events/export: oldest first after `after`, at most `limit` events, streamed. Each line (a
 * CSV row) carries its cursor: to continue, pass the last one as `after`; fewer than `limit` lines means the end.
 */
export interface AuditExportQuery extends AuditEventFilter {
  format: AuditExportFormat;
  after?: string;
  limit?: number;
}

/**
 * GET /api/v1/audit_events/feed: NDJSON of every event after `after`, in log order, each once. It ends after
 * `limit` events or when `wait` (an ISO-8601 duration) passes; resume from the last line's cursor.
 */
export interface AuditFeedQuery {
  after?: string;
  limit?: number;
  wait?: string;
}
