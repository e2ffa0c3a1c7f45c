import type { HeartbeatEvent, HeartbeatSettings } from './events';

export interface HeartbeatState {
  /** 'deleted' keeps the id taken. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  settings: HeartbeatSettings | null;
  createdAt: string | null;
  lastBeatAt: string | null;
  /** When the current miss was recorded; null while beats come in time. */
  missedAt: string | null;
}

export const initialHeartbeat = (): HeartbeatState => ({
  status: 'absent',
  orgId: null,
  settings: null,
  createdAt: null,
  lastBeatAt: null,
  missedAt: null,
});

/** When the next beat is due at the latest: interval + grace after the last beat, or after the creation. */
export function heartbeatDueAt(
  heartbeat: Pick<HeartbeatState, 'createdAt' | 'lastBeatAt'> & {
    settings: Pick<HeartbeatSettings, 'intervalMinutes' | 'graceMinutes'> | null;
  },
): number | null {
  const from = heartbeat.lastBeatAt ?? heartbeat.createdAt;
  if (!from || !heartbeat.settings) return null;
  return Date.parse(from) + (heartbeat.settings.intervalMinutes + heartbeat.settings.graceMinutes) * 60_000;
}

export function evolveHeartbeat(state: HeartbeatState, event: HeartbeatEvent): HeartbeatState {
  switch (event.type) {
    case 'HeartbeatCreated': {
      const { orgId, at, name, teamId, escalationPolicyId, intervalMinutes, graceMinutes } = event.data;
      const settings = { name, teamId, escalationPolicyId, intervalMinutes, graceMinutes };
      return { ...initialHeartbeat(), status: 'active', orgId, settings, createdAt: at };
    }
    case 'HeartbeatChanged': {
      const { name, teamId, escalationPolicyId, intervalMinutes, graceMinutes } = event.data;
      return { ...state, settings: { name, teamId, escalationPolicyId, intervalMinutes, graceMinutes } };
    }
    case 'HeartbeatTokenRotated':
      return state;
    case 'HeartbeatDeleted':
      return { ...state, status: 'deleted' };
    case 'HeartbeatBeat':
      return { ...state, lastBeatAt: event.data.at };
    case 'HeartbeatMissed':
      return { ...state, missedAt: event.data.at };
    case 'HeartbeatRecovered':
      return { ...state, missedAt: null };
  }
}
