/** What an owner sets on a heartbeat and may change later. */
export interface HeartbeatSettings {
  name: string;
  /** Where the missed-beat alert goes when no rule of the team matches (a heartbeat routes like a source). */
  teamId: string;
  escalationPolicyId: string | null;
  /** How often the job is expected to ping, in minutes. */
  intervalMinutes: number;
  /** How late a ping may be before the beat counts as missed, in minutes. */
  graceMinutes: number;
}

/**
 * A heartbeat (issue 20, "Heartbeats"): a job that pings its secret URL every interval. `tokenHash` is the
 * SHA-256 of the ping token (shown once, never stored), `tokenHint` its last four characters.
 */
export type HeartbeatCreated = {
  type: 'HeartbeatCreated';
  data: { heartbeatId: string; orgId: string; tokenHash: string; tokenHint: string; at: string } & HeartbeatSettings;
};
export type HeartbeatChanged = { type: 'HeartbeatChanged'; data: { heartbeatId: string } & HeartbeatSettings };
/** The old ping URL stops working at once. */
export type HeartbeatTokenRotated = {
  type: 'HeartbeatTokenRotated';
  data: { heartbeatId: string; tokenHash: string; tokenHint: string };
};
export type HeartbeatDeleted = { type: 'HeartbeatDeleted'; data: { heartbeatId: string } };
/** A ping arrived. */
export type HeartbeatBeat = { type: 'HeartbeatBeat'; data: { heartbeatId: string; at: string } };
/** No ping within interval + grace of the last beat (or of the creation): its alert triggers. */
export type HeartbeatMissed = {
  type: 'HeartbeatMissed';
  data: { heartbeatId: string; at: string; dueAt: string; lastBeatAt: string | null };
};
/** The first beat after a miss: its alert resolves. */
export type HeartbeatRecovered = {
  type: 'HeartbeatRecovered';
  data: { heartbeatId: string; at: string; missedAt: string };
};

export type HeartbeatEvent =
  | HeartbeatCreated
  | HeartbeatChanged
  | HeartbeatTokenRotated
  | HeartbeatDeleted
  | HeartbeatBeat
  | HeartbeatMissed
  | HeartbeatRecovered;

export const heartbeatStream = (heartbeatId: string) => `heartbeat-${heartbeatId}`;

/**
 * The dedup key of a heartbeat's alert: one alert stream per heartbeat (`alertStreamFor(heartbeatId, key)`), so a
 * miss while one is open is a repeat, never a second alert, and a miss after a recovery is its next episode.
 */
export const HEARTBEAT_ALERT_KEY = 'heartbeat-missed';
