import type { WebhookEventType } from '@tocsin/domain';
import type { PagePagination } from '../../organization-admin/organization-admin';

/** The headers each delivery carries (README "Webhook targets"). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Tocsin-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Tocsin-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'X-Tocsin-Event';

/** GET /api/v1/signals/webhook_targets/{id} and each item of the list. The secret is never shown here. */
export interface WebhookTarget {
  id: string;
  name: string;
  url: string;
  event_types: WebhookEventType[];
  /** Only alerts of these teams; empty: every team's. */
  team_ids: string[];
  /** 'paused' after repeated failures: nothing is sent until it is resumed. */
  status: 'active' | 'paused';
  /** Failed tries in a row (retries included), and since when. */
  consecutive_failures: number;
  failing_since: string | null;
  paused_at: string | null;
  /** The last four characters of the current secret. */
  secret_hint: string;
  /** A rotation is under way: each delivery is signed with the new and the previous secret. */
  rotating: boolean;
  /** The id of the last event before this target existed: it is sent only what follows. */
  since_event_id: string;
  created_at: string;
  updated_at: string;
}

/** The answer of creation and of a rotation: the only time the secret is shown. */
export interface WebhookTargetWithSecret extends WebhookTarget {
  secret?: string;
}

/** POST /api/v1/signals/webhook_targets; PATCH takes any of these. */
export interface WebhookTargetRequest {
  name: string;
  url: string;
  event_types: WebhookEventType[];
  team_ids?: string[];
}
export type WebhookTargetChangeRequest = Partial<WebhookTargetRequest>;

export interface WebhookTargetsResponse {
  data: WebhookTarget[];
  pagination: PagePagination;
}

/** One try in the delivery log. */
export interface WebhookDeliveryAttempt {
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  /** 0 for the first delivery, then one more for each redelivery. */
  round: number;
  attempt: number;
  at: string;
  duration_ms: number;
  status_code: number | null;
  ok: boolean;
  error: string | null;
}

export interface WebhookDeliveriesResponse {
  data: WebhookDeliveryAttempt[];
  pagination: PagePagination;
}

/** The body of each delivery, and each item of the events endpoint. `id` is the event's position in the log. */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  occurred_at: string;
  alert: { id: string; team_id: string; summary: string; priority: string; source_id: string };
  /** What the event says beyond the alert: who acted, the step reached, the person it went to. */
  data: Record<string, unknown>;
}

/** GET .../events?after={id}: the next events in log order; ask again with `next_after` until `has_more` is false. */
export interface WebhookEventsResponse {
  data: WebhookEventBody[];
  next_after: string;
  has_more: boolean;
}
