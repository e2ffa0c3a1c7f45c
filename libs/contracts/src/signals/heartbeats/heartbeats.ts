import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';

/** `waiting`: created, no beat yet; `up`: beats come in time; `missed`: no beat within interval + grace (its alert is open). */
export const HEARTBEAT_STATUSES = ['waiting', 'up', 'missed'] as const;
export type HeartbeatStatus = (typeof HEARTBEAT_STATUSES)[number];

/** GET /api/v1/signals/heartbeats/{id} and each item of the list. The token is never shown here. */
export interface Heartbeat {
  id: string;
  name: string;
  team_id: string;
  escalation_policy_id: string | null;
  /** ISO-8601, whole minutes from PT1M to PT168H: how often the job pings. */
  interval: string;
  /** ISO-8601, whole minutes from PT0S to PT24H: how late a ping may be. */
  grace_period: string;
  /** The last four characters of the ping token. */
  token_hint: string;
  status: HeartbeatStatus;
  last_beat_at: string | null;
  /** When the next beat is due at the latest (interval + grace after the last beat, or after creation). */
  due_at: string;
  missed_at: string | null;
  /** The heartbeat's alert (one per heartbeat, a new episode per miss). */
  alert_id: string;
  created_at: string;
  updated_at: string;
}

/** The answer of creation and of token rotation: the only time the token and the ping URL are shown. */
export interface HeartbeatWithSecrets extends Heartbeat {
  token?: string;
  ping_url?: string;
}

/** POST /api/v1/signals/heartbeats */
export interface HeartbeatRequest {
  name: string;
  team_id: string;
  escalation_policy_id?: string | null;
  interval: string;
  /** PT1M unless given. */
  grace_period?: string;
}

/** PATCH /api/v1/signals/heartbeats/{id} */
export type HeartbeatChangeRequest = Partial<HeartbeatRequest>;

export type HeartbeatsQuery = PageQuery;

export interface HeartbeatsResponse {
  data: Heartbeat[];
  pagination: PagePagination;
}

/** The answer of a ping (`GET` or `POST /heartbeats/{token}`). */
export interface HeartbeatPingAnswer {
  data: { status: HeartbeatStatus; last_beat_at: string | null; due_at: string };
}
