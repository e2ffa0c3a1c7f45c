import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import type { Priority } from '../../notification-policy/constants';
import type { PagingProgress } from '../paging/schedule';
import type { AlertEvent } from './events';

/** One notification of the episode, over its tries. */
export interface AttemptState {
  tries: number;
  /** `in_flight`: the latest try has no outcome yet (under way, or left by a crash). */
  status: 'in_flight' | 'sent' | 'failed';
  /** Failed with no try left, or not retryable. */
  final: boolean;
  lastTryAt: string;
}

export interface AlertState extends PagingProgress {
  status: 'absent' | 'triggered' | 'acknowledged' | 'resolved';
  orgId: string | null;
  /** The current (or last) episode; 0 before the first trigger. */
  episode: number;
  /** Payloads counted into the current episode, the first included. */
  count: number;
  /** What the current episode's escalation runs on (from its AlertTriggered). */
  triggeredAt: string | null;
  priority: Priority | null;
  policy: EscalationPolicySnapshot | null;
  /** Steps of the current episode that paged someone. */
  stepsReached: number[];
  /** `{episode}/{step}/{scheduleId}` of each schedule target whose people on call the timeline recorded. */
  onCallRecorded?: string[];
  /** Who acknowledged the current episode (a person; null for the source itself), and when. */
  acknowledged: { at: string; userId: string | null } | null;
  /** The latest acknowledgement reminder tried (0: none yet). */
  reminders: number;
  /** When the source last sent this alert (its trigger or a duplicate): the quiet period counts from here. */
  lastSeenAt: string | null;
  attempts: Record<string, AttemptState>;
  /** A scheduled maintenance holds the current episode: it pages nobody until then (absent: not suppressed). */
  suppression?: {
    maintenanceId: string;
    maintenanceName: string;
    sourceId: string;
    until: string;
    service?: string;
  } | null;
}

export const initialAlert = (): AlertState => ({
  status: 'absent',
  orgId: null,
  episode: 0,
  count: 0,
  triggeredAt: null,
  priority: null,
  policy: null,
  escalation: null,
  reassignment: null,
  stepsReached: [],
  acknowledged: null,
  reminders: 0,
  lastSeenAt: null,
  attempts: {},
});

export function evolveAlert(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertTriggered': {
      const { orgId, episode, at, priority, policy } = event.data;
      const fresh = { status: 'triggered' as const, orgId, episode, count: 1, triggeredAt: at, lastSeenAt: at };
      return { ...initialAlert(), ...fresh, priority, policy };
    }
    case 'AlertDeduplicated':
      return { ...state, count: event.data.count, lastSeenAt: event.data.at };
    case 'AlertAcknowledged': {
      const { at, by } = event.data;
      return { ...state, status: 'acknowledged', acknowledged: { at, userId: by.kind === 'user' ? by.userId : null } };
    }
    case 'AlertResolved':
      return { ...state, status: 'resolved' };
    case 'EscalationStepReached':
      return { ...state, stepsReached: [...state.stepsReached, event.data.step] };
    case 'OnCallResolved': {
      const { episode, step, scheduleId } = event.data;
      return { ...state, onCallRecorded: [...(state.onCallRecorded ?? []), `${episode}/${step}/${scheduleId}`] };
    }
    case 'NotificationAttempted': {
      const { attemptId, at } = event.data;
      const attempt: AttemptState = { tries: event.data.try, status: 'in_flight', final: false, lastTryAt: at };
      const { stage } = event.data;
      const reminders = stage.kind === 'reminder' ? Math.max(state.reminders, stage.n) : state.reminders;
      return { ...state, reminders, attempts: { ...state.attempts, [attemptId]: attempt } };
    }
    case 'NotificationSent':
    case 'NotificationFailed': {
      const { attemptId } = event.data;
      const before = state.attempts[attemptId];
      if (!before) return state;
      const after: AttemptState =
        event.type === 'NotificationSent'
          ? { ...before, status: 'sent' }
          : { ...before, status: 'failed', final: event.data.final };
      return { ...state, attempts: { ...state.attempts, [attemptId]: after } };
    }
    case 'PagingTargetUnreachable': {
      const { attemptId, at } = event.data;
      const kept: AttemptState = { tries: 0, status: 'failed', final: true, lastTryAt: at };
      return { ...state, attempts: { ...state.attempts, [attemptId]: kept } };
    }
    case 'AlertEscalated':
      return { ...state, escalation: { step: event.data.toStep, at: event.data.at } };
    case 'AlertSuppressed': {
      const { maintenanceId, maintenanceName, sourceId, until, service } = event.data;
      const suppression = { maintenanceId, maintenanceName, sourceId, until, ...(service && { service }) };
      return { ...state, suppression };
    }
    case 'AlertSuppressionEnded':
      // the escalation runs from the end of the suppression, as if the alert had triggered then
      return { ...state, suppression: null, triggeredAt: event.data.at };
    case 'AlertReassigned': {
      const { n, userId, at } = event.data;
      // an acknowledged alert handed over is the new person's to take: triggered again, nobody's acknowledgement
      const status = state.status === 'acknowledged' ? 'triggered' : state.status;
      const acknowledged = state.status === 'acknowledged' ? null : state.acknowledged;
      return { ...state, status, acknowledged, reassignment: { n, userId, at } };
    }
  }
}
