import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ViewNames, type SelfTestRound } from '@tocsin/contracts';
import { alertIdFor, SELF_TEST_SOURCE_NAME } from '@tocsin/domain';
import { nextWholeMultiple, type JobContext } from '@tocsin/platform';
import { selfTestsView, type SelfTestDoc } from '@tocsin/read-models';
import {
  CLOCK,
  CONFIG,
  JOB_QUEUE,
  LOGGER,
  METRICS,
  READ_STORE,
  type AppConfig,
  type Clock,
  type JobQueue,
  type Logger,
  type Metrics,
  type ReadStore,
} from '../../runtime/ports';
import { ProjectionProgress } from '../../shared/projection-progress';
import { PublicUrl } from '../../shared/public-url';
import { JobProcessor, runsJobs, type JobProcessorInstance } from '../../worker/job-processor';
import { OperatorNotice } from '../paging/operator-notice';
import { intervalMs, roundWaitMs, SelfTestDelivery, type PageFate } from './self-test-delivery';
import { afterRound, SELF_TEST_STATUS, type SelfTestStatusDoc } from './self-test-record';

export const SELF_TEST_QUEUE = 'self-test';
const ROUND_JOB = 'round';

type RoundJob = { orgId: string; at: number };
type RoundResult = { status: 'off' | 'superseded' | SelfTestRound['outcome'] };

/**
 * The end-to-end self-test (README, "The self-test"): per organization, on its interval, a synthetic alert is
 * posted to the self-test's own event source's ingest URL, routed and paged as any alert is (nothing here pages);
 * once a page of it was delivered (NotificationSent), the outside heartbeat URL is called, so an outside dead man's
 * switch fires when the calls stop. A round that did not deliver within its interval is recorded failed with the reason, counted, and told to the
 * owners once per streak of failures (OperatorNotice, not the paging queue). Rounds are chained on whole
 * intervals on a queue of their own (ids from the organization and the round's time, so two workers' chains join).
 */
@Injectable()
// a round waits (idle, reading its alert's stream now and then) until its page's fate is known, up to its interval
// and at most 5 minutes (roundWaitMs): an organization holds at most one slot, and one whose channel is broken must
// not hold the rounds of the others
@JobProcessor({ queue: SELF_TEST_QUEUE, concurrency: 32 })
export class SelfTestRounds implements JobProcessorInstance<RoundJob, RoundResult>, OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: ProjectionProgress,
    private readonly delivery: SelfTestDelivery,
    private readonly operators: OperatorNotice,
    private readonly publicUrl: PublicUrl,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsJobs(this.config.APP_ROLE)) return;
    this.metrics.watch({ selfTestLastSuccess: () => this.oldestSuccess() });
    // in the background, once the view has folded the log: an in-process queue lost its jobs with the process
    // (BullMQ's outlive it, and these are the same ids), and a switch that stops with a restart is no switch
    void this.rescheduleAll().catch((error: unknown) =>
      this.logger.error({ err: error }, 'self-test: could not schedule the rounds at start'),
    );
  }

  private async rescheduleAll(): Promise<void> {
    await this.progress.waitForLog(ViewNames.selfTests, 60_000);
    for (const doc of await selfTestsView.enabled(this.store)) await this.schedule(doc, this.clock.now());
  }

  /** The next round on the settings' interval (after a change of settings, or at start). */
  async schedule(doc: Pick<SelfTestDoc, 'orgId' | 'interval' | 'enabled'>, from: number): Promise<void> {
    if (!doc.enabled) return;
    const every = intervalMs(doc);
    const at = nextWholeMultiple(from, every);
    await this.jobs.add(
      SELF_TEST_QUEUE,
      ROUND_JOB,
      { orgId: doc.orgId, at },
      { jobId: `round/${doc.orgId}/${at}`, delay: Math.max(0, at - this.clock.now()) },
    );
  }

  async process(job: JobContext<RoundJob>): Promise<RoundResult> {
    const { orgId, at } = job.data;
    const settings = await selfTestsView.ofOrg(this.store, orgId);
    if (!settings?.enabled) return { status: 'off' };
    // a chain of an interval since changed ends here; the new interval's chain runs (joined where times meet)
    if (at % intervalMs(settings) !== 0) return { status: 'superseded' };
    // the next round first: a round that hangs must not stop the ones after it
    await this.schedule(settings, Math.max(at, this.clock.now()));
    const round = await this.round(settings, at);
    return { status: round.outcome };
  }

  /**
   * One round: the synthetic alert posted to the self-test's ingest URL, its first page's fate watched until the
   * interval is over, the heartbeat after a delivery, the alert resolved (also when it failed: it is the test's),
   * the record, the owners told.
   */
  async round(settings: SelfTestDoc, at: number): Promise<SelfTestRound> {
    const startedAt = new Date(this.clock.now()).toISOString();
    const dedupKey = `self-test-${new Date(at).toISOString()}`;
    const refused = await this.delivery.ingest(settings, {
      summary: `Tocsin self-test round of ${new Date(at).toISOString()}: nothing to do, it resolves itself`,
      dedup_key: dedupKey,
      priority: 'HIGH',
      labels: { tocsin: 'self-test' },
    });
    const fate: PageFate = refused
      ? { ok: false, reason: refused, channel: null }
      : await this.delivery.watch(settings, dedupKey, at + roundWaitMs(settings));
    const round: SelfTestRound = {
      id: `${settings.orgId}/${at}`,
      started_at: startedAt,
      outcome: fate.ok ? 'delivered' : 'failed',
      delivered_at: fate.ok ? fate.at : null,
      round_trip_ms: fate.ok ? Math.max(0, Date.parse(fate.at) - Date.parse(startedAt)) : null,
      reason: fate.ok ? null : fate.reason,
      alert_id: refused ? null : alertIdFor(settings.sourceId, dedupKey),
      channel: fate.channel,
      heartbeat: fate.ok ? await this.delivery.heartbeat(settings) : { called: false, status: null, error: null },
    };
    if (!refused) {
      const notResolved = await this.delivery.ingest(settings, { status: 'resolve', dedup_key: dedupKey });
      if (notResolved) this.logger.warn({ orgId: settings.orgId, reason: notResolved }, 'self-test: not resolved');
    }
    this.metrics.selfTestRounds.inc({ outcome: round.outcome });
    if (fate.ok) this.metrics.selfTestRoundTrip.observe((round.round_trip_ms ?? 0) / 1000);
    const status = await this.store.findOne<SelfTestStatusDoc>(SELF_TEST_STATUS, { _id: settings.orgId });
    // the owners hear of the first failure of a streak, not of every round of it
    const tell = !fate.ok && !status?.failing;
    await this.store.commit(`${SELF_TEST_STATUS}/${settings.orgId}`, { position: at, version: 1 }, [
      { op: 'put', collection: SELF_TEST_STATUS, doc: afterRound(settings.orgId, round, status) },
    ]);
    if (tell) await this.tellOwners(settings, round);
    return round;
  }

  private async tellOwners(settings: SelfTestDoc, round: SelfTestRound): Promise<void> {
    const title = 'Tocsin: the self-test failed';
    const text =
      `${title}. The test alert of the source "${SELF_TEST_SOURCE_NAME}" was not delivered to the escalation ` +
      `policy's test destination: ${round.reason}. The outside heartbeat was not called. You are told once until ` +
      `a round delivers again.`;
    await this.operators.tell(settings.orgId, { title, text, url: `${this.publicUrl.base}/ops` }, 'self-test');
  }

  /** For the gauge: the oldest last success among organizations with the self-test on (0 for one never). */
  private async oldestSuccess(): Promise<number | null> {
    const enabled = await selfTestsView.enabled(this.store);
    if (enabled.length === 0) return null;
    const statuses = await this.store.find<SelfTestStatusDoc>(SELF_TEST_STATUS, {
      _id: { $in: enabled.map((doc) => doc.orgId) },
    });
    const success = new Map(statuses.map((s) => [s._id, s.lastSuccess ? Date.parse(s.lastSuccess.started_at) : 0]));
    return Math.min(...enabled.map((doc) => success.get(doc.orgId) ?? 0)) / 1000;
  }
}
