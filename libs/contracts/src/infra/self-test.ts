/** The channels a self-test can page through (libs/domain signals/self-test). */
export type SelfTestChannelKind = 'email' | 'slack' | 'microsoft_teams';

/**
 * PUT /api/v1/ops/self_test: the settings. The addresses are only ever shown as hints, so one left out keeps what
 * is set (the destination only for the same channel); `heartbeat_url` null or empty removes the heartbeat.
 */
export interface SelfTestRequest {
  enabled: boolean;
  /** ISO-8601, whole minutes from PT1M to PT24H. */
  interval: string;
  channel: SelfTestChannelKind;
  /** An email address (email) or an incoming-webhook URL (Slack, Teams). */
  destination?: string;
  heartbeat_url?: string | null;
}

export interface SelfTestSettingsView {
  enabled: boolean;
  interval: string;
  channel: SelfTestChannelKind;
  /** What may be shown of the destination: an email address whole, a URL as its host and last 4 characters. */
  destination_hint: string;
  heartbeat_url_hint: string | null;
  updated_at: string;
}

/**
 * One round: `delivered` once the channel's provider took the page (that is its arrival for mail and webhooks),
 * `failed` with the reason when it did not within the interval. The heartbeat is called only after a delivery.
 */
export interface SelfTestRound {
  id: string;
  started_at: string;
  outcome: 'delivered' | 'failed';
  delivered_at: string | null;
  round_trip_ms: number | null;
  reason: string | null;
  channel: SelfTestChannelKind;
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
