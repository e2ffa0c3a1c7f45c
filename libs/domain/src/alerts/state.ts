import type { AlertEvent } from './events';

export interface AlertState {
  status: 'absent' | 'triggered' | 'acknowledged' | 'resolved';
  orgId: string | null;
  /** The current (or last) episode; 0 before the first trigger. */
  episode: number;
  /** Payloads counted into the current episode, the first included. */
  count: number;
}

export const initialAlert = (): AlertState => ({ status: 'absent', orgId: null, episode: 0, count: 0 });

export function evolveAlert(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertTriggered':
      return { status: 'triggered', orgId: event.data.orgId, episode: event.data.episode, count: 1 };
    case 'AlertDeduplicated':
      return { ...state, count: event.data.count };
    case 'AlertAcknowledged':
      return { ...state, status: 'acknowledged' };
    case 'AlertResolved':
      return { ...state, status: 'resolved' };
  }
}
