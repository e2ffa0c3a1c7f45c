import { DomainError } from '../../shared/event';
import { currentStep, flatSteps } from './schedule';
import type { AlertEvent } from '../alerts/events';
import type {
  AttemptNotification,
  AutoResolveAlert,
  ReachEscalationStep,
  RecordUnreachableTarget,
  EscalateAlert,
  PagingCommand,
  ReassignAlert,
  ReviewSuppression,
  RecordNotificationOutcome,
} from './commands';
import {
  ALERT_NO_NEXT_STEP_MESSAGE,
  ALERT_NOT_OPEN_MESSAGE,
  NOTIFICATION_IN_FLIGHT_MESSAGE,
  NOTIFICATION_IN_FLIGHT_MS,
  NOTIFICATION_TRIES,
} from './events';
import type { AlertState } from '../alerts/state';

export const ALERT_REASSIGNED_ESCALATE_MESSAGE =
  'This alert was reassigned to one person: reassign it again to page someone else';

/**
 * The paging half of the alert's decider. The alert's state is the truth, not the queue: a job that fires
 * late, twice or after an acknowledgement asks here and is told "nothing" when its page is no longer due.
 */
export function decidePaging(command: PagingCommand, state: AlertState): AlertEvent[] {
  switch (command.type) {
    case 'AttemptNotification':
      return attempt(command, state);
    case 'RecordNotificationOutcome':
      return outcome(command, state);
    case 'EscalateAlert':
      return escalate(command, state);
    case 'ReassignAlert':
      return reassign(command, state);
    case 'AutoResolveAlert':
      return autoResolve(command, state);
    case 'RecordUnreachableTarget':
      return unreachable(command, state);
    case 'ReachEscalationStep':
      return reachStep(command, state);
    case 'ReviewSuppression':
      return reviewSuppression(command, state);
  }
}

/**
 * A suppressed episode whose maintenance changed or whose window ended: over (the escalation starts now) when the
 * maintenance no longer holds it, moved when its window moved; nothing for another episode, another maintenance,
 * or an alert no longer open (resolved: nothing to page).
 */
function reviewSuppression(command: ReviewSuppression, state: AlertState): AlertEvent[] {
  const { alertId, episode, maintenanceId, at } = command;
  const held = state.suppression;
  if (episode !== state.episode || !held || held.maintenanceId !== maintenanceId) return [];
  if (state.status === 'resolved') return [];
  const until = command.inForceUntil;
  if (until === null || Date.parse(until) <= Date.parse(at)) {
    const reason = until === null ? command.reason : 'window_ended';
    return [{ type: 'AlertSuppressionEnded', data: { alertId, episode, maintenanceId, reason, at } }];
  }
  if (until === held.until) return [];
  const { sourceId } = held;
  const moved = { alertId, episode, maintenanceId, maintenanceName: command.maintenanceName, sourceId, until, at };
  return [{ type: 'AlertSuppressed', data: { ...moved, ...(held.service && { service: held.service }) } }];
}

function reachStep(command: ReachEscalationStep, state: AlertState): AlertEvent[] {
  const { alertId, episode, step, at } = command;
  if (episode !== state.episode || state.status !== 'triggered' || state.reassignment) return [];
  if (state.escalation && step < state.escalation.step) return [];
  // who the step's schedules had on call, once each, even when a first page recorded the step before this job ran
  const onCall: AlertEvent[] = (command.onCall ?? [])
    .filter((record) => !(state.onCallRecorded ?? []).includes(`${episode}/${step}/${record.scheduleId}`))
    .map((record) => ({
      type: 'OnCallResolved',
      data: { ...record, alertId, episode, step, skipped: command.skipped === true, at },
    }));
  if (state.stepsReached.includes(step)) return onCall;
  return [...onCall, { type: 'EscalationStepReached', data: { alertId, episode, step, at } }];
}

function unreachable(command: RecordUnreachableTarget, state: AlertState): AlertEvent[] {
  const { alertId, episode, attemptId, stage, target, userId, reason, at } = command;
  if (state.attempts[attemptId] || !isNotificationDue({ episode, stage, userId: userId ?? '', attemptId }, state))
    return [];
  const events: AlertEvent[] = [];
  if (stage.kind === 'step' && !state.stepsReached.includes(stage.step))
    events.push({ type: 'EscalationStepReached', data: { alertId, episode, step: stage.step, at } });
  events.push({
    type: 'PagingTargetUnreachable',
    data: { alertId, episode, attemptId, stage, target, userId, reason, at },
  });
  return events;
}

/** Resolved by the source's silence: only the episode the job was for, still open, and quiet for the whole period. */
function autoResolve(command: AutoResolveAlert, state: AlertState): AlertEvent[] {
  const { alertId, episode, sourceId, quietMinutes, at } = command;
  if (episode !== state.episode || (state.status !== 'triggered' && state.status !== 'acknowledged')) return [];
  if (!state.lastSeenAt || Date.parse(at) < Date.parse(state.lastSeenAt) + quietMinutes * 60_000) return [];
  return [{ type: 'AlertResolved', data: { alertId, episode, at, by: { kind: 'source', sourceId }, quietMinutes } }];
}

/** Whether the notification a job names is still due on this state (ignoring its tries). */
export function isNotificationDue(
  command: Pick<AttemptNotification, 'episode' | 'stage' | 'userId' | 'attemptId'>,
  state: AlertState,
): boolean {
  if (command.episode !== state.episode) return false;
  // a maintenance holds the episode: nobody is paged until it ends
  if (state.suppression) return false;
  const { stage } = command;
  if (stage.kind === 'reminder')
    return (
      state.status === 'acknowledged' && state.acknowledged?.userId === command.userId && stage.n >= state.reminders
    );
  if (state.status !== 'triggered') return false;
  if (stage.kind === 'reassignment')
    return state.reassignment?.n === stage.n && state.reassignment.userId === command.userId;
  // a step of the policy: not after a reassignment, nor for a step escalate-now skipped before it paged
  if (state.reassignment) return false;
  const skipped = state.escalation !== null && stage.step < state.escalation.step;
  return !(skipped && !state.attempts[command.attemptId]);
}

function attempt(command: AttemptNotification, state: AlertState): AlertEvent[] {
  if (!isNotificationDue(command, state)) return [];
  const prior = state.attempts[command.attemptId];
  if (prior?.status === 'sent' || prior?.final) return [];
  if (prior?.status === 'failed' && prior.tries >= NOTIFICATION_TRIES) return [];
  if (
    prior?.status === 'in_flight' &&
    Date.parse(command.at) - Date.parse(prior.lastTryAt) < (command.inFlightMs ?? NOTIFICATION_IN_FLIGHT_MS)
  )
    throw new DomainError(NOTIFICATION_IN_FLIGHT_MESSAGE, 'conflict');
  const { alertId, episode, attemptId, stage, userId, settingId, channel, address, at } = command;
  const events: AlertEvent[] = [];
  if (stage.kind === 'step' && !state.stepsReached.includes(stage.step))
    events.push({ type: 'EscalationStepReached', data: { alertId, episode, step: stage.step, at } });
  const tried = (prior?.tries ?? 0) + 1;
  events.push({
    type: 'NotificationAttempted',
    data: { alertId, episode, attemptId, try: tried, stage, userId, settingId, channel, address, at },
  });
  return events;
}

function outcome(command: RecordNotificationOutcome, state: AlertState): AlertEvent[] {
  const { alertId, episode, attemptId, at, result } = command;
  const prior = state.attempts[attemptId];
  if (episode === state.episode) {
    if (!prior) throw new DomainError('No such notification attempt', 'not_found');
    // already recorded (a retried command), or a later try took over from this one
    if (prior.status !== 'in_flight' || prior.tries !== command.try) return [];
  }
  // an outcome arriving after a new episode began is still a fact about what the provider did: recorded
  if (result.ok) {
    const { providerMessageId, answer } = result;
    return [
      {
        type: 'NotificationSent',
        data: { alertId, episode, attemptId, try: command.try, providerMessageId, answer, at },
      },
    ];
  }
  const final = !result.retryable || command.try >= NOTIFICATION_TRIES;
  return [
    {
      type: 'NotificationFailed',
      data: {
        alertId,
        episode,
        attemptId,
        try: command.try,
        answer: result.answer,
        retryable: result.retryable,
        final,
        at,
      },
    },
  ];
}

function escalate(command: EscalateAlert, state: AlertState): AlertEvent[] {
  if (state.status !== 'triggered') throw new DomainError(ALERT_NOT_OPEN_MESSAGE, 'conflict');
  if (state.reassignment) throw new DomainError(ALERT_REASSIGNED_ESCALATE_MESSAGE, 'conflict');
  const from = currentStep(state.policy, state.triggeredAt!, state, command.at);
  const toStep = (from ?? -1) + 1;
  if (toStep >= flatSteps(state.policy).length) throw new DomainError(ALERT_NO_NEXT_STEP_MESSAGE, 'conflict');
  const { alertId, at, by } = command;
  return [{ type: 'AlertEscalated', data: { alertId, episode: state.episode, fromStep: from, toStep, at, by } }];
}

/**
 * Hands the alert to one person. An acknowledged alert can be handed over too: it goes back to triggered (the
 * acknowledger's reminders stop) and the new person is paged until they acknowledge it in turn; handing it to
 * the person who acknowledged it changes nothing.
 */
function reassign(command: ReassignAlert, state: AlertState): AlertEvent[] {
  if (state.status !== 'triggered' && state.status !== 'acknowledged')
    throw new DomainError(ALERT_NOT_OPEN_MESSAGE, 'conflict');
  const { alertId, userId, at, by } = command;
  const holder = state.status === 'acknowledged' ? state.acknowledged?.userId : state.reassignment?.userId;
  if (holder === userId) return [];
  const n = (state.reassignment?.n ?? 0) + 1;
  return [{ type: 'AlertReassigned', data: { alertId, episode: state.episode, n, userId, at, by } }];
}
