import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  computeSchedule,
  onCallScheduleStream,
  shiftChanges,
  type PersonShift,
  type ScheduleDefinition,
  type ScheduleInput,
} from '@tocsin/domain';
import type { RecordedEvent } from '@tocsin/platform';
import { onCallRemovalsView, scheduleInputOf, type OnCallRemovalDoc } from '@tocsin/read-models';
import {
  CLOCK,
  CONFIG,
  EVENT_STORE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type EventStore,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { CheckpointedReactor } from '../../shared/log-follower';
import { runsJobs } from '../../worker/job-processor';
import { localTime, ShiftNotices } from './shift-notices';

/** Where the follower keeps its place in the log (a read-store checkpoint, as the paging engine's). */
export const SHIFT_CHANGES_PROCESS = 'reactor:shift-change-notices';
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

/**
 * "A notice when a future shift of mine changes" (issue 20): it follows the log and, for each edit of a schedule
 * (a rotation saved, an override, a temporary schedule, a swap taken), compares the final line of the next 30
 * days under the rules before and after it, both through computeSchedule; each person whose shifts differ is told
 * which were added and which removed, by email, except whoever made the edit. A notice per (event, person): the
 * log followed again (a restart) queues the same job id, sent once. It starts at the log's end the first time
 * (no notices for edits made before it ran) and keeps its place in the read store after.
 */
@Injectable()
export class ShiftChangeNotices implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly reactor: CheckpointedReactor;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) logger: Logger,
    private readonly notices: ShiftNotices,
  ) {
    this.reactor = new CheckpointedReactor({
      name: 'shift change notices',
      checkpoint: SHIFT_CHANGES_PROCESS,
      actsOn: DEFINITION_CHANGES,
      act: (event) => this.handle(event),
      eventStore,
      store,
      logger,
      startAtHead: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (runsJobs(this.config.APP_ROLE)) await this.reactor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.reactor.stop();
  }

  /** Resolves once the event at `position` is handled (bounded): its notices are queued. */
  waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    return this.reactor.waitFor(position, timeoutMs);
  }

  private async handle(event: RecordedEvent): Promise<void> {
    const orgId = event.metadata.orgId;
    const { scheduleId, definition } = event.data as { scheduleId: string; definition: ScheduleDefinition };
    if (!orgId || !definition) return;
    // the stream up to this edit: the rules before it, and the name (the view may not have folded the edit yet)
    const earlier = await this.eventStore.readStream(onCallScheduleStream(scheduleId), { maxCount: event.revision });
    const before =
      earlier
        .map((e) => (e.data as { definition?: ScheduleDefinition }).definition ?? null)
        .filter((d): d is ScheduleDefinition => d !== null)
        .pop() ?? null;
    const name = [...earlier, event]
      .map((e) => (e.data as { name?: unknown }).name)
      .filter((n): n is string => typeof n === 'string')
      .pop();
    if (name === undefined) return;
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
    if (changes.length === 0) return;
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
      await this.notices.queue(`change/${event.id}/${change.userId}`, {
        orgId,
        userId: change.userId,
        kind: 'email',
        title: `Your on-call shifts changed: ${name}`,
        text: lines.join('\n'),
        url: this.notices.link(`/signals/on_call_schedules/${scheduleId}`),
      });
    }
  }
}
