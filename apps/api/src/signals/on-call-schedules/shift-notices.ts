import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  computeSchedule,
  MAX_SCHEDULE_WINDOW_DAYS,
  NOTIFICATION_TYPE_DESTINATIONS,
  NOTIFICATION_TYPE_LABELS,
  reminderHorizonMs,
  reminderSendAt,
  shiftsStarting,
  type FinalShift,
  type NotificationType,
  type PersonShift,
} from '@tocsin/domain';
import { nextWholeMultiple, type ChannelRouter, type JobContext } from '@tocsin/platform';
import {
  handoffNotificationSettingsView,
  onCallRemovalsView,
  onCallSchedulesView,
  scheduleInputOf,
  usersView,
  type HandoffNotificationSettingDoc,
  type OnCallRemovalDoc,
  type OnCallScheduleDoc,
} from '@tocsin/read-models';
import { DateTime } from 'luxon';
import { DestinationAddresses } from '../../destinations/destination-addresses';
import { availableDestinationsOf } from '../../notification-preferences/destinations';
import {
  CHANNELS,
  CLOCK,
  CONFIG,
  JOB_QUEUE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type JobQueue,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { PublicUrl } from '../../shared/public-url';
import { JobProcessor, runsJobs, type JobProcessorInstance } from '../../worker/job-processor';

export const SHIFT_NOTICES_QUEUE = 'shift-notices';
const TICK_JOB = 'tick';
const SEND_JOB = 'send';
const MINUTE_MS = 60_000;
/** A shift that started longer ago than this gets no reminder any more. */
const LATE_LIMIT_MS = 5 * MINUTE_MS;
/** A schedule's final line is computed this much further than a tick needs, for the next ticks to reuse. */
const LINE_REUSE_MS = 60 * MINUTE_MS;

/** A schedule's final line as one tick computed it: good while its rules and removals are the same (`version`). */
/** A setting as its reminders' times depend on it: a change of any of these is a new key. */
const settingKey = (s: HandoffNotificationSettingDoc) =>
  [s._id, s.notify_before_minutes, s.hours_setting, s.workdays, s.start_time, s.end_time, s.time_zone]
    .concat(JSON.stringify(s.days ?? null))
    .join('/');

interface KeptLine {
  version: string;
  from: number;
  to: number;
  final: FinalShift[];
}

interface TickData {
  /** The reminders sent at or before this instant (ms) were sent by an earlier tick. */
  from: number;
}

/** One notice to one person, worded when it was decided. */
export interface NoticeJobData {
  orgId: string;
  userId: string;
  kind: NotificationType;
  title: string;
  text: string;
  url: string;
}

type TickResult = { from: string; to: string; queued: number };
type SendResult = { kind: NotificationType; answer: string } | { skipped: string };

/** "Tue 3 Nov, 09:00" in a zone: how a notice names an instant. */
export const localTime = (instant: string, zone: string) =>
  DateTime.fromISO(instant, { zone }).toFormat('ccc d LLL, HH:mm');

/** The users a schedule's current rules can put on call: only their settings are worth computing it for. */
const peopleOf = (doc: OnCallScheduleDoc): Set<string> => {
  const { layers, overrides, temporarySchedules } = doc.definition;
  return new Set([
    ...layers.flatMap((layer) => layer.rotation.slots.flat()),
    ...overrides.flatMap((o) => (o.userId ? [o.userId] : [])),
    ...temporarySchedules.flatMap((t) => t.shifts.flatMap((s) => s.userIds)),
  ]);
};

/**
 * Shift reminders and hand-off notices (issue 20): each person's hand-off notification settings say how long
 * before a shift of theirs they are told, by which channel, within which working hours (reminderSendAt). A tick
 * each minute reads the final line of each schedule through computeSchedule (nothing else computes it) for the
 * shifts whose reminder falls since the last tick, and queues one send per (setting, schedule, shift start): the
 * job id makes a tick run twice, or two workers, one notice. A notice is no page: it is sent once, tried again on
 * a provider's passing failure, and a person without a verified destination of the chosen kind gets it by email.
 *
 * Ticks chain on whole minutes (ids from the minute, so two workers' chains join). A tick covers everything since
 * the one before, however late it runs; reminders due while no worker ran at all are not sent afterwards. A
 * schedule's final line is computed for an hour beyond what a tick needs and kept per schedule revision and
 * organization removals, so most ticks compute none: an edit or a removal changes the version and the next tick
 * computes it again.
 */
@Injectable()
@JobProcessor({ queue: SHIFT_NOTICES_QUEUE, concurrency: 4 })
export class ShiftNotices
  implements JobProcessorInstance<TickData | NoticeJobData, TickResult | SendResult>, OnApplicationBootstrap
{
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CHANNELS) private readonly channels: ChannelRouter,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly addresses: DestinationAddresses,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Schedule id -> its final line as last computed (only the schedules the last tick looked at). */
  private lines = new Map<string, KeptLine>();
  /**
   * When each (setting as it is, shift start) reminder is sent, as the last tick found it: working hours in a zone
   * take a few days of calendar arithmetic per shift, and the same shifts come back every minute until they start.
   */
  private sendTimes = new Map<string, number>();

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    await this.scheduleTick(this.clock.now());
  }

  /** Queues one notice (a reminder, a change) to be sent: `id` makes deciding it twice one notice. */
  async queue(id: string, data: NoticeJobData): Promise<void> {
    await this.jobs.add(SHIFT_NOTICES_QUEUE, SEND_JOB, data, {
      jobId: `send/${id}`,
      group: data.orgId,
      attempts: 4,
      backoff: { type: 'exponential', delay: 30_000 },
    });
  }

  async process(job: JobContext<TickData | NoticeJobData>): Promise<TickResult | SendResult> {
    if (job.name === TICK_JOB) return this.tick((job.data as TickData).from);
    return this.send(job.data as NoticeJobData);
  }

  private async scheduleTick(from: number): Promise<void> {
    const at = nextWholeMultiple(from, MINUTE_MS);
    const data: TickData = { from };
    await this.jobs.add(SHIFT_NOTICES_QUEUE, TICK_JOB, data, {
      jobId: `tick/${at}`,
      delay: Math.max(0, at - this.clock.now()),
      attempts: 3,
      backoff: { type: 'fixed', delay: 5000 },
    });
  }

  /** The reminders due in (from, now]; then the next tick, from now. */
  private async tick(from: number): Promise<TickResult> {
    const to = this.clock.now();
    let queued = 0;
    try {
      const settings = await handoffNotificationSettingsView.find(this.store, {});
      const byOrg = new Map<string, HandoffNotificationSettingDoc[]>();
      for (const setting of settings) {
        const ofOrg = byOrg.get(setting.orgId);
        if (ofOrg) ofOrg.push(setting);
        else byOrg.set(setting.orgId, [setting]);
      }
      const looked = new Map<string, KeptLine>();
      const sendTimes = new Map<string, number>();
      for (const [orgId, ofOrg] of byOrg) queued += await this.remindersOf(orgId, ofOrg, from, to, looked, sendTimes);
      this.lines = looked;
      this.sendTimes = sendTimes;
    } finally {
      await this.scheduleTick(to);
    }
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), queued };
  }

  private async remindersOf(
    orgId: string,
    settings: HandoffNotificationSettingDoc[],
    from: number,
    to: number,
    looked: Map<string, KeptLine>,
    sendTimes: Map<string, number>,
  ): Promise<number> {
    const schedules = await onCallSchedulesView.ofOrganization(this.store, orgId);
    if (schedules.length === 0) return 0;
    const removals = await onCallRemovalsView.ofOrganization(this.store, orgId);
    const removed = removals.map((r) => `${r.userId}@${r.at}`).join(',');
    const earliest = Math.min(...settings.map((s) => s.notify_before_minutes)) * MINUTE_MS;
    const furthest = Math.max(...settings.map(reminderHorizonMs));
    // a shift starting after the window's first instant shows its true start, and whom it takes over from
    const window = { from: from + earliest - MINUTE_MS, to: to + furthest + MINUTE_MS };
    const due: Array<{
      setting: HandoffNotificationSettingDoc;
      schedule: OnCallScheduleDoc;
      shift: PersonShift;
      sendAt: number;
    }> = [];
    for (const schedule of schedules) {
      const people = peopleOf(schedule);
      const concerned = settings.filter((s) => people.has(s.userId));
      if (concerned.length === 0) continue;
      const final = this.finalLine(schedule, removals, `${schedule.revision}/${removed}`, window, looked);
      for (const setting of concerned)
        for (const shift of shiftsStarting(final, setting.userId)) {
          const key = `${settingKey(setting)}|${shift.start}`;
          const sendAt = this.sendTimes.get(key) ?? Date.parse(reminderSendAt(setting, shift.start));
          sendTimes.set(key, sendAt);
          // a reminder found late (no worker ran when it was due) is still sent before its shift, not after
          const late = Date.parse(shift.start) + LATE_LIMIT_MS < to;
          if (sendAt > from && sendAt <= to && !late) due.push({ setting, schedule, shift, sendAt });
        }
      // one organization's schedules do not hold the worker's loop for long at a time
      await nextTurn();
    }
    if (due.length === 0) return 0;
    const names = await this.names(due.flatMap((d) => d.shift.takesOverFrom));
    for (const { setting, schedule, shift, sendAt } of due) {
      const zone = setting.time_zone || schedule.definition.timeZone;
      const minutes = Math.round((Date.parse(shift.start) - sendAt) / MINUTE_MS);
      const soon =
        minutes === 0 ? 'now' : minutes <= 120 ? `in ${minutes} minutes` : `at ${localTime(shift.start, zone)}`;
      const from = shift.takesOverFrom.map((id) => names.get(id) ?? 'someone no longer in the organization');
      await this.queue(`reminder/${setting._id}/${schedule._id}/${shift.start}`, {
        orgId,
        userId: setting.userId,
        kind: setting.notification_type,
        title: `On call ${soon}: ${schedule.name}`,
        text:
          `Your on-call shift for ${schedule.name} starts ${localTime(shift.start, zone)} and ends ` +
          `${localTime(shift.end, zone)} (${zone}).` +
          (from.length > 0 ? ` You take over from ${from.join(', ')}.` : ''),
        url: this.link(`/signals/on_call_schedules/${schedule._id}`),
      });
    }
    return due.length;
  }

  /** The schedule's final line over at least `window`: the one kept, while it covers it at the same version. */
  private finalLine(
    schedule: OnCallScheduleDoc,
    removals: OnCallRemovalDoc[],
    version: string,
    window: { from: number; to: number },
    looked: Map<string, KeptLine>,
  ): FinalShift[] {
    let line = this.lines.get(schedule._id);
    if (!line || line.version !== version || window.from < line.from || line.to < window.to) {
      // computeSchedule answers no further than its longest window: keep only what it covered
      const to = Math.min(window.to + LINE_REUSE_MS, window.from + MAX_SCHEDULE_WINDOW_DAYS * 86_400_000);
      const over = { from: new Date(window.from).toISOString(), to: new Date(to).toISOString() };
      line = {
        version,
        from: window.from,
        to,
        final: computeSchedule(scheduleInputOf(schedule, removals), over).final,
      };
    }
    looked.set(schedule._id, line);
    return line.final;
  }

  /** Sends one notice to the person's first verified destination of its kind, or to their account email. */
  private async send(data: NoticeJobData): Promise<SendResult> {
    const options = (await availableDestinationsOf(this.store, [data.userId])).get(data.userId);
    if (!options) return { skipped: 'the person no longer exists' };
    const wanted = options.find((o) => o.type === NOTIFICATION_TYPE_DESTINATIONS[data.kind]);
    let kind: NotificationType = data.kind;
    let text = data.text;
    let address: string | null = null;
    if (wanted) {
      const resolved = await this.addresses.resolve(data.userId, data.kind, wanted.value);
      if ('address' in resolved) address = resolved.address;
    }
    if (address === null) {
      // the chosen kind has nowhere to go: the account email always does
      kind = 'email';
      address = options[0].value;
      if (data.kind !== 'email')
        text = `${text}\n\n(You chose ${NOTIFICATION_TYPE_LABELS[data.kind]} for this notice and have no verified ${NOTIFICATION_TYPE_LABELS[data.kind]} destination, so it came by email.)`;
    }
    const result = await this.channels.notice(kind, address, { title: data.title, text, url: data.url });
    if (!result.ok && result.retryable) throw new Error(`shift notice not sent: ${result.answer}`);
    if (!result.ok) this.logger.warn({ userId: data.userId, kind, answer: result.answer }, 'shift notice refused');
    return { kind, answer: result.answer };
  }

  async names(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await usersView.byIds(this.store, unique)).map((u) => [u._id, String(u.name)]));
  }

  link(path: string): string {
    return `${this.publicUrl.base}${path}`;
  }
}
