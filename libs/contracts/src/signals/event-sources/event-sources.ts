import type { EventSourceFormat } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';

/** The headers a signed payload carries (README "Ingest"). */
export const INGEST_SIGNATURE_HEADER = 'X-Tocsin-Signature';

/** How busy the source is this minute (its limit's own count) and how often it was refused lately. */
export interface EventSourceRate {
  per_minute: number;
  /** Alerts counted in the current minute. */
  current: number;
  /** 429 answers in the last hour. */
  refused_last_hour: number;
}

/** GET /api/v1/signals/event_sources/{id} and each item of the list. The token is never shown here. */
export interface EventSource {
  id: string;
  name: string;
  format: EventSourceFormat;
  team_id: string;
  escalation_policy_id: string | null;
  rate_limit_per_minute: number;
  /** ISO-8601 (`PT30M`): an open alert with no repeat for this long resolves itself; null: never. */
  auto_resolve_after: string | null;
  /** The last four characters of the ingest token, so a person can tell which URL a tool holds. */
  token_hint: string;
  /** Whether payloads must carry a valid `X-Tocsin-Signature`. */
  signed: boolean;
  rate: EventSourceRate;
  created_at: string;
  updated_at: string;
}

/**
 * The answer of creation and of token rotation: the only time the token is shown. `ingest_url` is the
 * format's URL; `signing_secret` is present at creation with `signed: true` and when the secret is renewed.
 */
export interface EventSourceWithSecrets extends EventSource {
  token?: string;
  ingest_url?: string;
  signing_secret?: string;
}

/** POST /api/v1/signals/event_sources */
export interface EventSourceRequest {
  name: string;
  format: EventSourceFormat;
  team_id: string;
  escalation_policy_id?: string | null;
  /** 600 unless given; 1 to 100,000. */
  rate_limit_per_minute?: number;
  /** ISO-8601, whole minutes from PT1M to PT168H; null (the default): never resolve by itself. */
  auto_resolve_after?: string | null;
  /** true: payloads must be signed; the answer carries the secret. */
  signed?: boolean;
}

/** PATCH /api/v1/signals/event_sources/{id}: the format and the token are not changed here. */
export type EventSourceChangeRequest = Partial<Omit<EventSourceRequest, 'format' | 'signed'>>;

export interface EventSourcesQuery extends PageQuery {
  format?: EventSourceFormat;
}

export interface EventSourcesResponse {
  data: EventSource[];
  pagination: PagePagination;
}
