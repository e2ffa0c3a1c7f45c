import { setTimeout as rest } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { PagingFinding, PendingNotification } from '@tocsin/contracts';
import {
  CLOCK,
  CONFIG,
  JOB_QUEUE,
  METRICS,
  READ_STORE,
  type AppConfig,
  type Clock,
  type JobQueue,
  type Metrics,
  type ReadStore,
} from '../../runtime/ports';
import { nextWholeMultiple } from '@tocsin/platform';
import { PublicUrl } from '../../shared/public-url';
import { JobProcessor, runsJobs, type JobProcessorInstance } from '../../worker/job-processor';
import { OperatorNotice } from './operator-notice';
import { auditPlan, findingKey, PAGING_AUDIT, type PagingAuditDoc } from './paging-audit';
import { PAGING_OPEN_ALERTS } from './paging.process-manager';
import { PagingPlanner } from './paging.planner';

export const AUDITOR_QUEUE = 'escalation-auditor';
const TICK_JOB = 'tick';
const MINUTE_MS = 60_000;
/** Open alerts' plans read between two rests of a round. */
const PLANS_PER_TURN = 32;
/**
 * After each few plans a round rests this many times as long as they took: it takes at most a quarter of the event
 * loop, however many alerts are open, and the rest is left to the ingest and the pages of the same process.
 */
const REST_PER_WORK = 3;
/** The least time between two pages of the auditor to one organization's owners (new findings wait for it). */
export const OPERATOR_PAGE_GAP_MS = 15 * MINUTE_MS;

export interface AuditCounts {
  steps_overdue: number;
  notifications_overdue: number;
  notifications_unanswered: number;
  notifications_pending: number;
}

type TickResult = { alerts: number; findings: number; paged: number };

/**
 * The escalation auditor (README, "Health probes and the escalation auditor"): each minute it reads every open
 * alert's plan, as the paging engine makes it, and keeps per organization what is past due and not run, what a
 * provider never answered, and what is scheduled and not sent yet. Each new finding is paged to the
 * organization's owners through the channel adapters directly: not through the paging queue, whose stuck worker
 * is what it looks for. Its ticks run on a queue of their own, chained on whole minutes (ids from the minute, so
 * two workers' chains join), like the shift notices'.
 */
@Injectable()
@JobProcessor({ queue: AUDITOR_QUEUE })
export class EscalationAuditor implements JobProcessorInstance<unknown, TickResult>, OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly planner: PagingPlanner,
    private readonly operators: OperatorNotice,
    private readonly publicUrl: PublicUrl,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    this.metrics.watch({ pagingAudit: async () => ({ ...(await this.counts()) }) });
    await this.scheduleTick(this.clock.now());
  }

  async process(): Promise<TickResult> {
    const now = this.clock.now();
    try {
      return await this.audit(now);
    } finally {
      await this.scheduleTick(now);
    }
  }

  /** Counts across organizations (or one), for a metrics gauge: what the latest rounds found. */
  async counts(orgId?: string): Promise<AuditCounts> {
    const docs = await this.store.find<PagingAuditDoc>(PAGING_AUDIT, orgId ? { orgId } : {});
    const count = (kind: PagingFinding['kind']) =>
      docs.reduce((sum, doc) => sum + doc.findings.filter((f) => f.kind === kind).length, 0);
    return {
      steps_overdue: count('step_overdue'),
      notifications_overdue: count('notification_overdue'),
      notifications_unanswered: count('notification_unanswered'),
      notifications_pending: docs.reduce((sum, doc) => sum + doc.pending.length, 0),
    };
  }

  private async scheduleTick(from: number): Promise<void> {
    const at = nextWholeMultiple(from, MINUTE_MS);
    await this.jobs.add(
      AUDITOR_QUEUE,
      TICK_JOB,
      {},
      { jobId: `tick/${at}`, delay: Math.max(0, at - this.clock.now()) },
    );
  }

  /** One round: every open alert's plan, then per organization the findings kept and the new ones paged. */
  async audit(now: number): Promise<TickResult> {
    const open = await this.store.find<{ _id: string; stream: string }>(PAGING_OPEN_ALERTS, {});
    const byOrg = new Map<string, { findings: PagingFinding[]; pending: PendingNotification[] }>();
    let worked = performance.now();
    for (const [index, alert] of open.entries()) {
      // a round over thousands of open alerts reads each one's stream and plans it (a storm's 12,000 took 1.3 s of
      // the loop): it rests between every few plans, for three times as long as they took, so the ingest and the
      // pages of the same process go on meanwhile at most a quarter slower, never held behind the whole round
      if (index > 0 && index % PLANS_PER_TURN === 0) {
        await rest((performance.now() - worked) * REST_PER_WORK);
        worked = performance.now();
      }
      const plan = await this.planner.plan(alert.stream);
      const orgId = plan.triggered?.orgId;
      if (!orgId) continue;
      const found = auditPlan(plan, now, this.config.AUDITOR_GRACE_MS, this.config);
      const ofOrg = byOrg.get(orgId) ?? { findings: [], pending: [] };
      ofOrg.findings.push(...found.findings);
      ofOrg.pending.push(...found.pending);
      byOrg.set(orgId, ofOrg);
    }
    const before = await this.store.find<PagingAuditDoc>(PAGING_AUDIT, {});
    for (const doc of before) if (!byOrg.has(doc.orgId)) byOrg.set(doc.orgId, { findings: [], pending: [] });
    let findings = 0;
    let paged = 0;
    for (const [orgId, found] of byOrg) {
      const previous = before.find((doc) => doc.orgId === orgId);
      const keys = found.findings.map(findingKey);
      const fresh = found.findings.filter((f) => !previous?.paged.includes(findingKey(f)));
      // at most one page to the owners per gap: while paging is stuck every new alert (and every unanswered retry)
      // is a new finding, and a page a minute would bury the one that matters; what is held is paged after the gap
      const lastPagedAt = previous?.lastPagedAt ?? null;
      const mayPage = lastPagedAt === null || now - Date.parse(lastPagedAt) >= OPERATOR_PAGE_GAP_MS;
      const pagingNow = fresh.length > 0 && mayPage;
      if (pagingNow) paged += await this.pageOperators(orgId, fresh, found.findings.length);
      findings += found.findings.length;
      const doc: PagingAuditDoc = {
        _id: orgId,
        orgId,
        checkedAt: new Date(now).toISOString(),
        ...found,
        // a finding that cleared and comes back is paged again; one held by the gap stays unpaged until it is
        paged: pagingNow ? keys : keys.filter((key) => previous?.paged.includes(key)),
        lastPagedAt: pagingNow ? new Date(now).toISOString() : lastPagedAt,
      };
      await this.store.commit(`${PAGING_AUDIT}/${orgId}`, { position: now, version: 1 }, [
        { op: 'put', collection: PAGING_AUDIT, doc },
      ]);
    }
    return { alerts: open.length, findings, paged };
  }

  /** Tells the owners what is late, through the channel adapters directly (OperatorNotice). */
  private async pageOperators(orgId: string, findings: PagingFinding[], all: number): Promise<number> {
    const title = `Tocsin: paging is stuck (${all} late${all > findings.length ? `, ${findings.length} new` : ''})`;
    // the title first in the text too: a text message carries no title
    const text =
      `${title}. The escalation auditor found pages that did not go out:\n` +
      findings.map((f) => `- ${f.detail} (alert ${f.alert_id})`).join('\n');
    return this.operators.tell(orgId, { title, text, url: `${this.publicUrl.base}/ops` }, 'auditor');
  }
}
