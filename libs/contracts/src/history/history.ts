/** One event as auditors see it (GET /api/v1/history). */
export interface HistoryEvent {
  id: string;
  stream: string;
  type: string;
  revision: number;
  position: number;
  data: unknown;
  metadata: {
    orgId: string | null;
    actorId: string | null;
    commandId: string;
    correlationId: string;
    causationId: string;
    occurredAt: string;
    schemaVersion: number;
    /** What the change came through (`web`, `api`, `link`, `sms_reply`, `key`); with `key`, `apiKeyId` names it. */
    via?: string;
    apiKeyId?: string;
  };
  recordedAt: string;
}

/** Query of GET /api/v1/history; every filter optional. */
export interface HistoryQuery {
  stream_prefix?: string;
  type?: string;
  actor?: string;
  from?: string;
  to?: string;
  /** Cursor: events after this global position (forwards) or before it (backwards). */
  after?: number;
  before?: number;
  per_page?: number;
}

export interface HistoryPage {
  data: HistoryEvent[];
  pagination: { per_page: number; next_cursor: number | null; prev_cursor: number | null };
}

/** Query of GET /api/v1/history/as_of. */
export interface AsOfQuery {
  view: string;
  position: number;
}

/** GET /api/v1/history/as_of?view=NAME&position=N: a read model replayed in memory up to N. */
export interface AsOfResponse {
  data: {
    view: string;
    position: number;
    collections: Record<string, Array<Record<string, unknown>>>;
  };
}

export interface ViewsResponse {
  data: Array<{ name: string; version: number; collections: string[]; position: number | null }>;
}
