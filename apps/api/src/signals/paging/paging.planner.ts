import { Inject, Injectable } from '@nestjs/common';
import {
  flatSteps,
  onCallUsers,
  dueSteps,
  pagingSchedule,
  unreachableTargets,
  type AlertEvent,
  type AlertState,
  type AlertTriggered,
  type PagingPlanInput,
  type PagingSetting,
  type ScheduleInput,
} from '@tocsin/domain';
import {
  notificationSettingsView,
  onCallRemovalsView,
  onCallSchedulesView,
  scheduleInputOf,
  teamsView,
} from '@tocsin/read-models';
import { deciders } from '../../commands/aggregates';
import { CLOCK, EVENT_STORE, READ_STORE, type Clock, type EventStore, type ReadStore } from '../../runtime/ports';
import { StreamStates } from '../../shared/stream-states';
import type { PageJobData, StepJobData, SuppressionJobData, UnreachableJobData } from './paging.jobs';

/** A scheduled maintenance holds the alert's open episode: it pages nobody until its hold is reviewed. */
export const isHeld = (state: AlertState) =>
  !!state.suppression && (state.status === 'triggered' || state.status === 'acknowledged');

/** Whether the alert may still page anyone: triggered, or acknowledged with reminders on; never while held. */
export const isPaging = (state: AlertState) =>
  !isHeld(state) &&
  (state.status === 'triggered' ||
    (state.status === 'acknowledged' && !!state.policy?.ackReminderMinutes && !!state.acknowledged?.userId));

export interface AlertPlan {
  state: AlertState;
  triggered: AlertTriggered['data'] | null;
  /** The correlation of the payload that triggered the current episode: every job of the plan carries it. */
  correlationId: string | undefined;
  /** Notifications still due on the alert's current state (not sent, not failed for good), with their fallbacks. */
  jobs: PageJobData[];
  /** Targets of due steps that page nobody, not yet on the alert. */
  unreachable: UnreachableJobData[];
  /** Steps still to be recorded as reached, each with its start. */
  steps: Array<{ jobId: string; dueAt: string; data: StepJobData }>;
  /**
   * While a maintenance holds the episode: its reviews, one at once (a change to the maintenance folded after the
   * hold was decided is caught) and one at the hold's end (paging starts then, unless the window moved).
   */
  held: Array<{ jobId: string; dueAt: string; data: SuppressionJobData }>;
}

/** An alert's stream folded for planning: its state, its latest trigger and that trigger's correlation. */
interface AlertFold {
  state: AlertState;
  triggered: AlertTriggered['data'] | null;
  correlationId: string | undefined;
  /** The log position of the latest AlertSuppressed: its review waits for the maintenances view to reach it. */
  heldAt?: number;
}
/** The planner's key in its stream-state memory (one kind of fold). */
const ALERT_FOLD = {
  initial: (): AlertFold => ({ state: deciders.alert.initial(), triggered: null, correlationId: undefined }),
};

/**
 * What an alert's escalation must still deliver, read from its stream (the truth) and the views of the
 * people it pages: team members and each user's settings for the alert's priority.
 *
 * Each stream's fold is kept, so planning again reads only the events after it: an auto-resolving alert is
 * planned again on each repeat (its quiet period starts over), and reading its whole stream each time made a
 * noisy tool's cost grow with the square of its repeats.
 */
@Injectable()
export class PagingPlanner {
  private readonly folds = new StreamStates();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The stream folded up to its last event: from the fold kept last time, reading only what came after. */
  private async folded(stream: string): Promise<AlertFold> {
    const known = this.folds.get(stream, ALERT_FOLD);
    const after = await this.eventStore.readStream(stream, known && { fromRevision: known.revision + 1 });
    let { state, triggered, correlationId, heldAt } = (known?.state as AlertFold | undefined) ?? ALERT_FOLD.initial();
    for (const event of after) {
      state = deciders.alert.evolve(state, { type: event.type, data: event.data } as AlertEvent);
      if (event.type === 'AlertSuppressed') heldAt = event.position;
      if (event.type === 'AlertTriggered') {
        triggered = event.data as AlertTriggered['data'];
        // the trigger's payload: every paging command it plans carries it (a page traced to its payload)
        correlationId = event.metadata.correlationId;
      }
    }
    const revision = after.at(-1)?.revision;
    if (revision !== undefined)
      this.folds.set(stream, ALERT_FOLD, revision, { state, triggered, correlationId, heldAt });
    return { state, triggered, correlationId, heldAt };
  }

  async plan(stream: string): Promise<AlertPlan> {
    const { state, triggered, correlationId, heldAt } = await this.folded(stream);
    const nothing = { jobs: [], unreachable: [], steps: [], held: [] };
    if (triggered && triggered.episode === state.episode && isHeld(state) && state.suppression) {
      const { maintenanceId, sourceId, service, until } = state.suppression;
      const { orgId, alertId, episode } = triggered;
      const data: SuppressionJobData = {
        stream,
        orgId,
        alertId,
        episode,
        correlationId,
        maintenanceId,
        sourceId,
        ...(service !== undefined && { service }),
        position: heldAt ?? null,
      };
      const now = new Date(this.clock.now()).toISOString();
      const held = [
        { jobId: `suppression/${alertId}/${episode}/held-${heldAt ?? 0}`, dueAt: now, data },
        { jobId: `suppression/${alertId}/${episode}/until-${Date.parse(until)}`, dueAt: until, data },
      ];
      return { state, triggered, correlationId, ...nothing, held };
    }
    if (!triggered || triggered.episode !== state.episode || !isPaging(state))
      return { state, triggered, correlationId, ...nothing };
    const input = await this.input(triggered, state);
    const due = pagingSchedule(input);
    const { orgId, alertId, episode } = triggered;
    const unreachable = unreachableTargets(input)
      .filter((target) => !state.attempts[target.attemptId])
      .map((target) => ({ stream, orgId, alertId, episode, correlationId, unreachable: target }));
    const open = due.filter((n) => {
      const attempt = state.attempts[n.attemptId];
      return !attempt || (attempt.status !== 'sent' && !attempt.final);
    });
    const jobs = open.map((notification) => ({
      stream,
      orgId: triggered.orgId,
      alertId: triggered.alertId,
      episode: triggered.episode,
      correlationId,
      notification,
      fallbacks: due.filter(
        (n) =>
          n.userId === notification.userId &&
          n.attemptId !== notification.attemptId &&
          JSON.stringify(n.stage) === JSON.stringify(notification.stage) &&
          n.dueAt >= notification.dueAt,
      ),
    }));
    const recorded = new Set(state.onCallRecorded ?? []);
    const steps = dueSteps(input)
      // a step a first page recorded still has its job while who its schedules had on call is not on the alert
      .filter(
        (due) =>
          !state.stepsReached.includes(due.step) ||
          due.onCall.some((r) => !recorded.has(`${episode}/${due.step}/${r.scheduleId}`)),
      )
      .map((due) => ({
        jobId: due.jobId,
        dueAt: due.dueAt,
        data: {
          stream,
          orgId,
          alertId,
          episode,
          correlationId,
          step: due.step,
          // who the step's schedules had on call when it started, for the timeline; nobody: it was skipped
          ...(due.onCall.length > 0 && { onCall: due.onCall, skipped: due.skipped }),
        },
      }));
    return { state, triggered, correlationId, jobs, unreachable, steps, held: [] };
  }

  /**
   * Reminders already behind us: those tried, and those a worker that was down missed (only the latest missed one
   * is sent, at once: a stopped worker must not come back with a burst of the same reminder).
   */
  private remindersPassed(state: AlertState): number {
    const every = state.policy?.ackReminderMinutes;
    if (!every || !state.acknowledged) return state.reminders;
    const due = Math.floor((this.clock.now() - Date.parse(state.acknowledged.at)) / (every * 60_000));
    return Math.max(state.reminders, due - 1);
  }

  private async input(triggered: AlertTriggered['data'], state: AlertState): Promise<PagingPlanInput> {
    const { orgId, priority } = triggered;
    const targets = flatSteps(state.policy).flatMap((step) => step.targets);
    const teamIds = [...new Set(targets.filter((t) => t.type === 'team').map((t) => t.id))];
    const teamMembers: Record<string, string[]> = {};
    for (const teamId of teamIds) {
      const team = await teamsView.byId(this.readStore, orgId, teamId);
      teamMembers[teamId] = team ? team.memberships.map((m) => m.user.id) : [];
    }
    const schedules = await this.schedules(orgId, targets);
    const partial: PagingPlanInput = {
      alertId: triggered.alertId,
      episode: triggered.episode,
      // the trigger, or the end of a maintenance's hold: the escalation runs from then
      triggeredAt: state.triggeredAt ?? triggered.at,
      policy: state.policy,
      escalation: state.escalation,
      reassignment: state.reassignment,
      teamMembers,
      settings: {},
      schedules,
    };
    const userIds = new Set([
      ...targets.filter((t) => t.type === 'user').map((t) => t.id),
      ...Object.values(teamMembers).flat(),
      // whoever the schedules have on call when each step starts
      ...onCallUsers(partial),
      ...(state.reassignment ? [state.reassignment.userId] : []),
      ...(state.acknowledged?.userId ? [state.acknowledged.userId] : []),
    ]);
    const settings: Record<string, PagingSetting[]> = {};
    for (const userId of userIds) {
      const rows = await notificationSettingsView.ofUser(this.readStore, orgId, userId, priority);
      settings[userId] = rows.map(({ _id, notification_type, destination, delay }) => ({
        id: _id,
        notification_type,
        destination,
        delay,
      }));
    }
    return {
      ...partial,
      acknowledged: state.status === 'acknowledged' ? state.acknowledged : null,
      reminders: this.remindersPassed(state),
      settings,
    };
  }

  /** The history of each schedule the policy's steps target (a deleted one is left out: nobody on call). */
  private async schedules(
    orgId: string,
    targets: ReadonlyArray<{ type: string; id: string }>,
  ): Promise<Record<string, { name: string; input: ScheduleInput }>> {
    const ids = [...new Set(targets.filter((t) => t.type === 'schedule').map((t) => t.id))];
    if (ids.length === 0) return {};
    const docs = await onCallSchedulesView.byIds(this.readStore, orgId, ids);
    const removals = await onCallRemovalsView.ofOrganization(this.readStore, orgId);
    return Object.fromEntries(docs.map((doc) => [doc._id, { name: doc.name, input: scheduleInputOf(doc, removals) }]));
  }
}
