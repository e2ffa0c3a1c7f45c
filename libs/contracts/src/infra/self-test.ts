/**
 * PUT /api/v1/ops/self_test: the settings. The self-test's own event source ("Tocsin self-test", generic format)
 * routes its alerts to `team_id` and `escalation_policy_id`: the test destination is whoever that policy pages.
 * The heartbeat URL is only ever shown as a hint, so one left out keeps what is set; null or empty removes it.
 */
export interface SelfTestRequest {
  enabled: boolean;
  /** ISO-8601, whole minutes from PT1M to PT24H. */
  interval: string;
  team_id: string;
  escalation_policy_id: string;
  heartbeat_url?: string | null;
}

export interface SelfTestSettingsView {
  enabled: boolean;
  interval: string;
  team_id: string;
  escalation_policy_id: string;
  /** The self-test's event source (its ingest token is kept sealed, never shown); null: it was deleted (a PUT makes another). */
  source: { id: string; name: string } | null;
  heartbeat_url_hint: string | null;
  updated_at: string;
}

/**
 * One round: `delivered` once a page of its alert was handed to a provider that took it (NotificationSent: the
 * arrival, for mail and webhooks), `failed` with the reason when none was within the interval. The heartbeat is
 * called only after a delivery.
 */
export interface SelfTestRound {
  id: string;
  started_at: string;
  outcome: 'delivered' | 'failed';
  delivered_at: string | null;
  /** From the post to the ingest URL to the provider's acceptance of the page. */
  round_trip_ms: number | null;
  reason: string | null;
  /** The round's alert (null: the ingest refused it). */
  alert_id: string | null;
  /** The channel of the page that was delivered or failed last (null: none was sent). */
  channel: string | null;
  /** The heartbeat's answer: its HTTP status, `not_called` (a failed round, or no URL), or the call's error. */
  heartbeat: { called: boolean; status: number | null; error: string | null };
}

export interface SelfTestResponse {
  data: {
    /** null: never set. */
    settings: SelfTestSettingsView | null;
    last_success: SelfTestRound | null;
    last_failure: SelfTestRound | null;
    /** The newest first. */
    rounds: SelfTestRound[];
  };
}
