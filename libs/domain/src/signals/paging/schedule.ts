import type { EscalationPolicySnapshot, EscalationTarget } from '../escalation-policies/policy';
import type { Destination, NotificationType } from '../../notification-preferences/notification-types';
import { parseDuration } from '../../shared/duration';
import { onCallAt } from '../on-call-schedules/on-call-now';
import type { OnCallReason, ScheduleInput } from '../on-call-schedules/model';

/**
 * Why a person is paged: a step of the policy (its index counted over the repeats, so the second run of a
 * two-step policy has steps 2 and 3), a reassignment to them, or a reminder of an acknowledged alert.
 */
export type PagingStage =
  { kind: 'step'; step: number } | { kind: 'reassignment'; n: number } | { kind: 'reminder'; n: number };

/** One row of a user's notification settings for the alert's priority (notificationSettingsView). */
export interface PagingSetting {
  id: string;
  notification_type: NotificationType;
  destination: Destination;
  /** One of DELAY_OPTIONS, e.g. PT5M: counted from the start of the step that pages them. */
  delay: string;
}

/** Where the escalation stands, as the alert's stream says (AlertEscalated, AlertReassigned). */
export interface PagingProgress {
  /** The latest "escalate now": its step starts at `at`, the later ones follow from there. */
  escalation: { step: number; at: string } | null;
  /** The latest reassignment: the policy's steps are no longer due, the assignee's rows are. */
  reassignment: { n: number; userId: string; at: string } | null;
}

/**
 * An acknowledged, unresolved alert: nothing of the escalation is due any more; with the policy's
 * ackReminderMinutes the acknowledger is reminded, reminder `n` at acknowledgement + n intervals.
 */
export interface PagingReminders {
  acknowledged: { at: string; userId: string | null } | null;
  /** The latest reminder already tried: the next one is due (0: none yet). */
  reminders: number;
}

export interface PagingPlanInput extends PagingProgress, Partial<PagingReminders> {
  alertId: string;
  episode: number;
  /** When the episode triggered: every due time is counted from it (never from when a job was queued). */
  triggeredAt: string;
  policy: EscalationPolicySnapshot | null;
  /** Each team target's members (teamsView). */
  teamMembers: Readonly<Record<string, readonly string[]>>;
  /** Each user's settings for the alert's priority. A user without any is paged by nothing (the timeline says so). */
  settings: Readonly<Record<string, readonly PagingSetting[]>>;
  /**
   * Each schedule target's history and removals (onCallSchedulesView): who it pages is who is on call when the
   * step starts. A schedule not here (deleted) has nobody on call.
   */
  schedules?: Readonly<Record<string, { name: string; input: ScheduleInput }>>;
}

/** Who a schedule target of a step had on call when the step started, and why: what the alert's timeline says. */
export interface OnCallRecord {
  scheduleId: string;
  scheduleName: string;
  userIds: string[];
  reasons: OnCallReason[];
}

export interface DueNotification {
  /** The same for every try and every reschedule of this notification: what the decider keeps it once by. */
  attemptId: string;
  /** The job's id: the attempt and its due time, so scheduling the same plan twice adds nothing. */
  jobId: string;
  stage: PagingStage;
  /** The target of the step that named the user (the first one when several did); null for a reassignment. */
  target: EscalationTarget | null;
  userId: string;
  settingId: string;
  channel: NotificationType;
  address: string;
  dueAt: string;
}

export interface FlatStep {
  /** Index over the repeats: cycle * steps.length + index. */
  step: number;
  cycle: number;
  index: number;
  timeoutMinutes: number;
  targets: EscalationTarget[];
}

const MINUTE = 60_000;

/** The policy's steps as they run: the whole list once, then `repeat` more times. */
export function flatSteps(policy: EscalationPolicySnapshot | null): FlatStep[] {
  if (!policy || policy.steps.length === 0) return [];
  const steps: FlatStep[] = [];
  for (let cycle = 0; cycle <= policy.repeat; cycle++)
    policy.steps.forEach((s, index) =>
      steps.push({ step: steps.length, cycle, index, timeoutMinutes: s.timeoutMinutes, targets: s.targets }),
    );
  return steps;
}

/**
 * When each step that is still due starts (ms since the epoch): step 0 at the trigger, each next one after the
 * previous one's timeout. After "escalate now" the escalated-to step starts at that moment and the earlier
 * ones are no longer due. A reassignment ends the policy's steps.
 */
export function stepStarts(
  policy: EscalationPolicySnapshot | null,
  triggeredAt: string,
  progress: PagingProgress,
  skips: (step: FlatStep, at: number) => boolean = () => false,
): Map<number, number> {
  const starts = new Map<number, number>();
  if (progress.reassignment) return starts;
  const steps = flatSteps(policy);
  const from = progress.escalation?.step ?? 0;
  let at = progress.escalation ? Date.parse(progress.escalation.at) : Date.parse(triggeredAt);
  for (const step of steps.slice(from)) {
    starts.set(step.step, at);
    // a step whose schedules have nobody on call (and that names nobody else) does not wait out its timeout
    if (!skips(step, at)) at += step.timeoutMinutes * MINUTE;
  }
  return starts;
}

/** A short, stable digest of a text (32-bit FNV-1a, hex): names a job by what it carries without a Node hash. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Memo of onCallAt per plan input: a plan asks the same (schedule, instant) for each of its functions. */
const onCallMemo = new WeakMap<object, Map<string, OnCallRecord>>();

/** Who a schedule had on call at `at` (ms), by the one computation (onCallAt over the schedule's history). */
export function onCallOf(input: PagingPlanInput, scheduleId: string, at: number): OnCallRecord {
  const schedules = input.schedules ?? {};
  let memo = onCallMemo.get(schedules);
  if (!memo) onCallMemo.set(schedules, (memo = new Map()));
  const key = `${scheduleId}@${at}`;
  const known = memo.get(key);
  if (known) return known;
  const schedule = schedules[scheduleId];
  const shift = schedule ? onCallAt(schedule.input, new Date(at).toISOString()) : null;
  const record: OnCallRecord = {
    scheduleId,
    scheduleName: schedule?.name ?? '',
    userIds: shift ? [...shift.userIds] : [],
    reasons: shift ? shift.reasons.map((r) => ({ ...r })) : [],
  };
  memo.set(key, record);
  return record;
}

/** The users a step pages when it starts at `at`: its users, its teams' members, its schedules' people on call. */
export function usersOfStep(input: PagingPlanInput, step: Pick<FlatStep, 'targets'>, at: number) {
  return usersOfTargets(step.targets, input.teamMembers, (id) => onCallOf(input, id, at).userIds);
}

/** A step with a schedule target that pages nobody at all when it starts: it goes on to the next at once. */
export function skipsStep(input: PagingPlanInput, step: FlatStep, at: number): boolean {
  return step.targets.some((t) => t.type === 'schedule') && usersOfStep(input, step, at).length === 0;
}

/** Everyone the steps' schedules have on call when each step starts (whose settings the plan needs). */
export function onCallUsers(input: PagingPlanInput): string[] {
  const users = new Set<string>();
  const steps = flatSteps(input.policy);
  for (const [step, start] of planStarts(input))
    for (const target of steps[step].targets)
      if (target.type === 'schedule') for (const id of onCallOf(input, target.id, start).userIds) users.add(id);
  return [...users];
}

/** When each step still due starts, with the steps whose schedules had nobody on call taking no time. */
export const planStarts = (input: PagingPlanInput) =>
  stepStarts(input.policy, input.triggeredAt, input, (step, at) => skipsStep(input, step, at));

/** The step whose window holds `now` (the last one once every timeout passed); null without steps or after a reassignment. */
export function currentStep(
  policy: EscalationPolicySnapshot | null,
  triggeredAt: string,
  progress: PagingProgress,
  now: string,
): number | null {
  let current: number | null = null;
  for (const [step, start] of stepStarts(policy, triggeredAt, progress)) if (start <= Date.parse(now)) current = step;
  return current;
}

export function stageKey(stage: PagingStage): string {
  return stage.kind === 'step' ? `s${stage.step}` : stage.kind === 'reassignment' ? `r${stage.n}` : `m${stage.n}`;
}

/** The attempt's id, from (alert, episode, stage, user, row): a job that fires twice names the same attempt. */
export const attemptIdOf = (alertId: string, episode: number, stage: PagingStage, userId: string, settingId: string) =>
  `${alertId}/${episode}/${stageKey(stage)}/${userId}/${settingId}`;

const delayMs = (delay: string) => (parseDuration(delay) ?? 0) * 1000;

/** The users a step's targets name, each once, with the first target that named them. */
export function usersOfTargets(
  targets: readonly EscalationTarget[],
  teamMembers: PagingPlanInput['teamMembers'],
  onCall: (scheduleId: string) => readonly string[] = () => [],
): Array<{ userId: string; target: EscalationTarget }> {
  const seen = new Map<string, EscalationTarget>();
  for (const target of targets) {
    const users =
      target.type === 'user'
        ? [target.id]
        : target.type === 'schedule'
          ? onCall(target.id)
          : (teamMembers[target.id] ?? []);
    for (const userId of users) if (!seen.has(userId)) seen.set(userId, target);
  }
  return [...seen].map(([userId, target]) => ({ userId, target }));
}

function rowsOf(
  input: PagingPlanInput,
  stage: PagingStage,
  start: number,
  userId: string,
  target: EscalationTarget | null,
): DueNotification[] {
  const rows = [...(input.settings[userId] ?? [])].sort((a, b) => delayMs(a.delay) - delayMs(b.delay));
  return rows.map((row) => {
    const attemptId = attemptIdOf(input.alertId, input.episode, stage, userId, row.id);
    const due = start + delayMs(row.delay);
    return {
      attemptId,
      jobId: `page/${attemptId}/${due}`,
      stage,
      target,
      userId,
      settingId: row.id,
      channel: row.notification_type,
      address: row.destination.value,
      dueAt: new Date(due).toISOString(),
    };
  });
}

export interface DueStep {
  step: number;
  /** The step's schedule targets: who each had on call when it started (empty: nobody, so the step was skipped). */
  onCall: OnCallRecord[];
  /** Its schedules had nobody on call and it names nobody else: the next step starts at once. */
  skipped: boolean;
  /** The step's job: its start time is part of it, so an escalate-now that moves the start queues a new one. */
  jobId: string;
  dueAt: string;
}

/** When each step still due starts: the timeline records it then, whoever's first row comes later. */
export function dueSteps(input: PagingPlanInput): DueStep[] {
  if (input.acknowledged) return [];
  const steps = flatSteps(input.policy);
  return [...planStarts(input)].map(([step, start]) => {
    const onCall = steps[step].targets.filter((t) => t.type === 'schedule').map((t) => onCallOf(input, t.id, start));
    // who the schedules have on call is part of the job: a re-plan after a schedule change queues a new one
    const who =
      onCall.length > 0 ? `/${fnv1a(onCall.map((r) => `${r.scheduleId}:${r.userIds.join(',')}`).join(';'))}` : '';
    return {
      step,
      onCall,
      skipped: skipsStep(input, steps[step], start),
      jobId: `step/${input.alertId}/${input.episode}/${step}/${start}${who}`,
      dueAt: new Date(start).toISOString(),
    };
  });
}

/**
 * Why a target of a step pages nobody: shown on the alert, never a silent gap. `not_a_member`: the person was
 * removed from the organization (checked when the page is due, not when it was planned).
 */
export const UNREACHABLE_REASONS = ['no_notification_settings', 'no_members', 'not_a_member'] as const;
export type UnreachableReason = (typeof UNREACHABLE_REASONS)[number];

export interface UnreachableTarget {
  /** Kept once per (alert, episode, stage, user or team), like an attempt. */
  attemptId: string;
  jobId: string;
  stage: PagingStage;
  target: EscalationTarget | null;
  /** The user who has no settings for the priority; null for a team without members. */
  userId: string | null;
  reason: UnreachableReason;
  dueAt: string;
}

/**
 * The targets of the due steps (and the reassignee) that page nobody: a user without any setting for the alert's
 * priority, a team without members. Due when their step starts, so the alert says so as it happens.
 */
export function unreachableTargets(input: PagingPlanInput): UnreachableTarget[] {
  const found: UnreachableTarget[] = [];
  const add = (
    stage: PagingStage,
    start: number,
    target: EscalationTarget | null,
    userId: string | null,
    reason: UnreachableReason,
  ) => {
    const who = userId ?? `team:${target?.id ?? ''}`;
    const attemptId = attemptIdOf(input.alertId, input.episode, stage, who, 'none');
    found.push({
      attemptId,
      jobId: `unreachable/${attemptId}/${start}`,
      stage,
      target,
      userId,
      reason,
      dueAt: new Date(start).toISOString(),
    });
  };
  const noRows = (userId: string) => (input.settings[userId] ?? []).length === 0;
  if (input.acknowledged) return [];
  if (input.reassignment) {
    const { n, userId, at } = input.reassignment;
    if (noRows(userId)) add({ kind: 'reassignment', n }, Date.parse(at), null, userId, 'no_notification_settings');
  }
  const starts = planStarts(input);
  for (const step of flatSteps(input.policy)) {
    const start = starts.get(step.step);
    if (start === undefined) continue;
    const stage: PagingStage = { kind: 'step', step: step.step };
    for (const target of step.targets)
      if (target.type === 'team' && (input.teamMembers[target.id] ?? []).length === 0)
        add(stage, start, target, null, 'no_members');
    for (const { userId, target } of usersOfStep(input, step, start))
      if (noRows(userId)) add(stage, start, target, userId, 'no_notification_settings');
  }
  return found;
}

/**
 * Every notification the episode's escalation makes, with its due time counted from the trigger (or from the
 * latest escalate-now or reassignment): each step's users by each of their rows' delay. Pure: what is already
 * sent, acknowledged or resolved is the decider's to refuse, so this can be run again at any time.
 * Sorted by due time.
 */
export function pagingSchedule(input: PagingPlanInput): DueNotification[] {
  const due: DueNotification[] = [];
  if (input.acknowledged) {
    const { at, userId } = input.acknowledged;
    const every = input.policy?.ackReminderMinutes;
    if (!every || !userId) return [];
    // the next reminder only (the one after it is queued once this one is tried): a plan stays finite
    const n = (input.reminders ?? 0) + 1;
    return rowsOf(input, { kind: 'reminder', n }, Date.parse(at) + n * every * MINUTE, userId, null);
  }
  if (input.reassignment) {
    const { n, userId, at } = input.reassignment;
    due.push(...rowsOf(input, { kind: 'reassignment', n }, Date.parse(at), userId, null));
  }
  const starts = planStarts(input);
  for (const step of flatSteps(input.policy)) {
    const start = starts.get(step.step);
    if (start === undefined) continue;
    for (const { userId, target } of usersOfStep(input, step, start))
      due.push(...rowsOf(input, { kind: 'step', step: step.step }, start, userId, target));
  }
  return due.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.jobId.localeCompare(b.jobId));
}
