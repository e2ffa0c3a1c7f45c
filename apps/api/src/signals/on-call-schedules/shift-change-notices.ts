import { Inject, Injectable } from '@nestjs/common';
import {
  computeSchedule,
  onCallScheduleStream,
  shiftChanges,
  type PersonShift,
  type ScheduleDefinition,
  type ScheduleInput,
} from '@tocsin/domain';
import type { JobContext, RecordedEvent } from '@tocsin/platform';
import { onCallRemovalsView, onCallSchedulesView, scheduleInputOf, type OnCallRemovalDoc } from '@tocsin/read-models';
import {
  CLOCK,
  CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type EventStore,
  type JobQueue,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { JobProcessor, type JobProcessorInstance } from '../../worker/job-processor';
import { JobSideReactor } from '../../worker/job-side-reactor';
import { localTime, ShiftNotices } from './shift-notices';

/** Where the follower keeps its place in the log (a read-store checkpoint, as the paging engine's). */
export const SHIFT_CHANGES_PROCESS = 'reactor:shift-change-notices';
/** One job per schedule edit: it works out who is told and queues their notices. */
export const SHIFT_CHANGES_QUEUE = 'shift-change-notices';
/** How far back in a schedule's stream one read reaches when looking for the rules before an edit. */
const READ_BACK = 16;
/** How far ahead a change is looked at: "a future shift of mine" within the next 30 days. */
export const SHIFT_CHANGE_HORIZON_DAYS = 30;
const DAY_MS = 86_400_000;
/** Each list of a notice names at most this many shifts, then how many more. */
const LISTED = 5;

/** The events that change who is on call: each carries the whole definition after it. */
const DEFINITION_CHANGES = new Set([
  'OnCallScheduleCreated',
  'OnCallScheduleChanged',
  'ScheduleOverrideAdded',
  'ScheduleOverrideRemoved',
  'TemporaryScheduleAdded',
  'TemporaryScheduleRemoved',
  'ShiftSwapTaken',
]);

/** The rules of one moment as if they had always held, with the organization's removals: what computeSchedule takes. */
const only = (definition: ScheduleDefinition | null, removals: ReadonlyArray<OnCallRemovalDoc>): ScheduleInput =>
  scheduleInputOf({ versions: definition ? [{ from: '1970-01-01T00:00:00.000Z', definition }] : [] }, removals);

/** One schedule edit to tell people of: the event is read again from the stream by its revision. */
interface ChangeJobData {
  orgId: string;
  scheduleId: string;
  revision: number;
}

type ChangeResult = { queued: number } | { skipped: string };

type Fields = { definition?: ScheduleDefinition; name?: unknown };

/**
 * "A notice when a future shift of mine changes" (issue 20): it follows the log and, for each edit of a schedule
 * (a rotation saved, an override, a temporary schedule, a swap taken), queues one job named by the schedule and the
 * edit's revision. That job compares the final line of the next 30 days under the rules before and after the edit,
 * both through computeSchedule, and queues each person whose shifts differ a notice of their own (named by schedule,
 * revision and person) saying which were added and which removed, by email, except whoever made the edit. A job that
 * fails part-way is tried again and queues only the notices not yet queued; a notice whose sending fails is retried
 * alone. It starts at the log's end the first time (no notices for edits made before it ran) and keeps its place in
 * the read store after; following the log again queues the same ids, sent once.
 */
@Injectable()
@JobProcessor({ queue: SHIFT_CHANGES_QUEUE, concurrency: 2 })
export class ShiftChangeNotices extends JobSideReactor implements JobProcessorInstance<ChangeJobData, ChangeResult> {
  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) logger: Logger,
    private readonly notices: ShiftNotices,
  ) {
    super(config.APP_ROLE, {
      name: 'shift change notices',
      checkpoint: SHIFT_CHANGES_PROCESS,
      actsOn: DEFINITION_CHANGES,
      eventStore,
      store,
      logger,
      startAtHead: true,
    });
  }

  /** An edit of the rules: its change job is queued. */
  protected async act(event: RecordedEvent): Promise<void> {
    const orgId = event.metadata.orgId;
    const { scheduleId } = event.data as { scheduleId?: string };
    if (!orgId || !scheduleId) return;
    const data: ChangeJobData = { orgId, scheduleId, revision: event.revision };
    await this.jobs.add(SHIFT_CHANGES_QUEUE, 'change', data, {
      jobId: `change/${scheduleId}/${event.revision}`,
      group: orgId,
      attempts: 5,
      backoff: { type: 'exponential', delay: 5000 },
    });
  }

  async process(job: JobContext<ChangeJobData>): Promise<ChangeResult> {
    const { orgId, scheduleId, revision } = job.data;
    const read = await this.readBack(orgId, scheduleId, revision);
    if (!read) return { skipped: 'the edit is not in the stream' };
    const { event, before, name } = read;
    const { definition } = event.data as Fields;
    if (!definition) return { skipped: 'the edit carries no rules' };
    const removals = await onCallRemovalsView.ofOrganization(this.store, orgId);
    const start = Math.max(this.clock.now(), Date.parse(event.metadata.occurredAt));
    const window = {
      from: new Date(start).toISOString(),
      to: new Date(start + SHIFT_CHANGE_HORIZON_DAYS * DAY_MS).toISOString(),
    };
    const changes = shiftChanges(
      computeSchedule(only(before, removals), window).final,
      computeSchedule(only(definition, removals), window).final,
    ).filter((change) => change.userId !== event.metadata.actorId);
    if (changes.length === 0) return { queued: 0 };
    const zone = definition.timeZone;
    const actor = event.metadata.actorId
      ? (await this.notices.names([event.metadata.actorId])).get(event.metadata.actorId)
      : null;
    const list = (shifts: PersonShift[]) => [
      ...shifts.slice(0, LISTED).map((s) => `  ${localTime(s.start, zone)} to ${localTime(s.end, zone)}`),
      ...(shifts.length > LISTED ? [`  and ${shifts.length - LISTED} more`] : []),
    ];
    for (const change of changes) {
      const lines = [
        `${actor ?? 'Someone'} changed the on-call schedule ${name}, and your shifts in the next ${SHIFT_CHANGE_HORIZON_DAYS} days changed with it (times in ${zone}).`,
        ...(change.added.length > 0 ? ['', 'Now on call:', ...list(change.added)] : []),
        ...(change.removed.length > 0 ? ['', 'No longer on call:', ...list(change.removed)] : []),
      ];
      await this.notices.queue(`change/${scheduleId}/${revision}/${change.userId}`, {
        orgId,
        userId: change.userId,
        kind: 'email',
        title: `Your on-call shifts changed: ${name}`,
        text: lines.join('\n'),
        url: this.notices.link(`/signals/on_call_schedules/${scheduleId}`),
      });
    }
    return { queued: changes.length };
  }

  /**
   * The edit at `revision` and what it needs from before it, read backwards a few events at a time rather than from
   * the stream's start: the rules before it (the last earlier event that carries them; none before the first) and
   * the schedule's name (the edit's own, else the schedule view's, else the last earlier one given).
   */
  private async readBack(orgId: string, scheduleId: string, revision: number) {
    const stream = onCallScheduleStream(scheduleId);
    const upTo = (end: number) => {
      const from = Math.max(0, end - READ_BACK);
      return this.eventStore.readStream(stream, { fromRevision: from, maxCount: end - from });
    };
    let read = await upTo(revision + 1);
    const event = read.pop();
    if (!event || event.revision !== revision || event.metadata.orgId !== orgId) return null;
    let name = nameOf(event) ?? (await onCallSchedulesView.find(this.store, orgId, scheduleId))?.name;
    let before: ScheduleDefinition | undefined;
    for (;;) {
      for (let i = read.length - 1; i >= 0 && (before === undefined || name === undefined); i--) {
        before ??= (read[i]!.data as Fields).definition;
        name ??= nameOf(read[i]!);
      }
      const first = read[0]?.revision ?? 0;
      if ((before !== undefined && name !== undefined) || first === 0) break;
      read = await upTo(first);
    }
    return name === undefined ? null : { event, before: before ?? null, name };
  }
}

const nameOf = (event: RecordedEvent) => {
  const { name } = event.data as Fields;
  return typeof name === 'string' ? name : undefined;
};
