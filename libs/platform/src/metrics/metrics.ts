import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../event-store/event-store.port';
import type { JobQueue } from '../jobs/job-queue.port';
import { PROJECTION_STATUSES, type ProjectionStatus } from '../projections/projection-runner';
import type { ReadStore } from '../read-store/read-store.port';
import { FIRST_PAGE_BUCKETS, OrgFigures } from './org-figures';

/**
 * What a scrape reads from the stores (gauges, collected when Prometheus asks): each part is optional, as each
 * process role holds its own (a worker has no sockets, the projector no queue).
 */
export interface MetricsSources {
  eventStore?: EventStore;
  readStore?: ReadStore;
  /** The views whose checkpoints the read store keeps. */
  views?: readonly string[];
  jobs?: JobQueue;
  /** Open alerts by state, counted in the read store. */
  openAlerts?: () => Promise<Record<string, number>>;
  /** Sockets connected to this process. */
  sockets?: () => number;
  /** What the escalation auditor's latest rounds found, by kind (where it runs). */
  pagingAudit?: () => Promise<Record<string, number>>;
  /** Each view's status, where this process folds the log. */
  projectionStatus?: () => Record<string, ProjectionStatus>;
  /** The oldest last successful self-test round among organizations with it on, in epoch seconds (0: never). */
  selfTestLastSuccess?: () => Promise<number | null>;
}

/**
 * One registry per process (ARCHITECTURE.md, "Operators"): counted where things happen, labels from small fixed
 * sets (format, outcome, channel, view, queue, state, socket event), never an alert, user, incident or
 * organization id. Node's own series keep their usual names, so stock dashboards read them.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources = {};
  /** This scrape's checkpoints and lags. */
  private viewLags: Promise<ViewLag[]> = Promise.resolve([]);

  readonly alertsIngested = new Counter({
    name: 'tocsin_alerts_ingested_total',
    help: 'Alerts (a payload refused whole counts once) taken by the ingest URLs, by format and outcome.',
    labelNames: ['format', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly firstPage = new Histogram({
    name: 'tocsin_ingest_to_first_page_seconds',
    help: "Time from an alert episode's trigger to its first page handed to a channel.",
    labelNames: ['channel'] as const,
    registers: [this.registry],
    buckets: [...FIRST_PAGE_BUCKETS],
  });
  /** Ingest and first-page counts per organization, for the ops charts only (org-figures.ts). */
  readonly byOrg = new OrgFigures();
  readonly notifications = new Counter({
    name: 'tocsin_notifications_total',
    help: 'Pages handed to a channel, by channel and outcome (sent, failed_retryable, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly providerCalls = new Histogram({
    name: 'tocsin_provider_call_duration_seconds',
    help: 'Duration of one call to a channel provider (pages, mail, texts, chat, notices), by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  readonly appends = new Histogram({
    name: 'tocsin_event_log_append_duration_seconds',
    help: 'Duration of one append to the event log (durable when it ends).',
    registers: [this.registry],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  });
  readonly projectionErrors = new Counter({
    name: 'tocsin_projection_errors_total',
    help: 'Batches a projection failed to fold, by view.',
    labelNames: ['view'] as const,
    registers: [this.registry],
  });
  readonly stalledJobs = new Counter({
    name: 'tocsin_jobs_stalled_total',
    help: 'Jobs taken back from a worker that stopped renewing its hold on them (crashed or blocked), by queue, counted by the worker that found them.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly readErrors = new Counter({
    name: 'tocsin_metrics_read_errors_total',
    help: 'Scrapes in which a store did not answer a gauge (the gauge had no samples then), by gauge.',
    labelNames: ['gauge'] as const,
    registers: [this.registry],
  });
  /** The gauges read from the stores, each refreshed by `text` before the registry is written out. */
  private readonly storeGauges: Array<() => Promise<void>> = [];
  readonly selfTestRounds = new Counter({
    name: 'tocsin_self_test_rounds_total',
    help: 'End-to-end self-test rounds, by outcome (delivered, failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly selfTestRoundTrip = new Histogram({
    name: 'tocsin_self_test_round_trip_seconds',
    help: "A delivered self-test round's time from its post to the ingest URL to the provider's acceptance of its page.",
    registers: [this.registry],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  readonly pushes = new Counter({
    name: 'tocsin_socket_pushes_total',
    help: 'Messages pushed to socket rooms, by socket event.',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // gauges named like counters, which promtool refuses; each is the sum of its by-type sibling (without _total)
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      this.registry.removeSingleMetric(name);
    this.storeGauge(
      'tocsin_event_log_head_position',
      'Global position of the newest event in the log.',
      [],
      async (s) => (s.eventStore ? [[{}, (await s.eventStore.headPosition()) ?? 0]] : []),
    );
    this.storeGauge('tocsin_open_alerts', 'Open alerts by state, as the read store holds them.', ['state'], async (s) =>
      Object.entries((await s.openAlerts?.()) ?? {}).map(([state, count]) => [{ state }, count]),
    );
    this.storeGauge(
      'tocsin_jobs',
      'Jobs by queue and state (the queues this process uses).',
      ['queue', 'state'],
      async (s) =>
        Object.entries((await s.jobs?.counts()) ?? {}).flatMap(([queue, states]) => {
          // each queue's stall count shows from its first scrape, at 0 until a stall (rate() needs the start)
          this.stalledJobs.inc({ queue }, 0);
          return Object.entries(states).map(([state, count]): Sample => [{ queue, state }, count]);
        }),
    );
    this.storeGauge('tocsin_sockets_connected', 'Sockets connected to this process.', [], async (s) =>
      s.sockets ? [[{}, s.sockets()]] : [],
    );
    this.storeGauge(
      'tocsin_paging_audit_findings',
      "The escalation auditor's latest findings by kind: steps and notifications past due and not run, provider tries never answered, notifications scheduled and not sent yet.",
      ['kind'],
      async (s) => Object.entries((await s.pagingAudit?.()) ?? {}).map(([kind, count]) => [{ kind }, count]),
    );
    this.storeGauge(
      'tocsin_self_test_last_success_timestamp_seconds',
      'The oldest last successful self-test round among organizations with the self-test on (0: one never succeeded); alert when it is older than the interval.',
      [],
      async (s) => {
        const at = await s.selfTestLastSuccess?.();
        return at === undefined || at === null ? [] : [[{}, at]];
      },
    );
    this.projectionGauges();
    this.storeGauge(
      'tocsin_projection_status',
      'Status of each view this process folds: 1 for its current status (rebuilding, catching_up, live, failed, stopped), 0 for the others.',
      ['view', 'status'],
      async (s) =>
        Object.entries(s.projectionStatus?.() ?? {}).flatMap(([view, current]) =>
          PROJECTION_STATUSES.map((status): Sample => [{ view, status }, status === current ? 1 : 0]),
        ),
    );
  }

  /** Counts the stalls `jobs` reports (BullMQ's: see the 'stalled' JobEvent). */
  countStalls(jobs: JobQueue): () => void {
    return jobs.onEvent((event) => {
      if (event.type === 'stalled') this.stalledJobs.inc({ queue: event.queue });
    });
  }

  /** Where the gauges read from: called once the process has its stores (and again as parts join, e.g. sockets). */
  watch(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The text Prometheus scrapes: the gauges read from the stores first, then the registry. */
  async text(): Promise<{ contentType: string; body: string }> {
    // read once per scrape, by the three per-view gauges
    this.viewLags = viewLags(this.sources, Date.now());
    // read by those gauges, which count a failure: not left unhandled
    this.viewLags.catch(() => undefined);
    await Promise.all(this.storeGauges.map((read) => read()));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * The system-wide health figures the ops samples carry (ops-sampler.ts), read from this process's sources: the
   * views' greatest lag, each queue's jobs waiting, delayed or running, and the sockets connected here. A figure
   * whose source this process lacks is null.
   */
  async health(now: number): Promise<HealthFigures> {
    const sources = this.sources;
    const [lags, counts] = await Promise.all([viewLags(sources, now), sources.jobs?.counts()]);
    const queues = counts
      ? Object.entries(counts).map(([queue, states]) => ({
          queue,
          depth: (states.waiting ?? 0) + (states.delayed ?? 0) + (states.active ?? 0),
        }))
      : null;
    return {
      lagEvents: lags.length ? Math.max(...lags.map((row) => row.lagEvents)) : null,
      lagSeconds: lags.length ? Math.max(...lags.map((row) => row.lagSeconds)) : null,
      queues,
      sockets: sources.sockets ? sources.sockets() : null,
    };
  }

  /**
   * A gauge read from the stores at each scrape. A store that does not answer leaves the gauge without samples for
   * that scrape (and counts it) rather than failing the whole scrape: the other series still tell what they know.
   */
  private storeGauge(
    name: string,
    help: string,
    labelNames: string[],
    read: (sources: MetricsSources) => Promise<Sample[]>,
  ): void {
    const gauge = new Gauge({ name, help, labelNames, registers: [this.registry] });
    this.storeGauges.push(async () => {
      try {
        const samples = await read(this.sources);
        gauge.reset();
        for (const [labels, value] of samples) gauge.set(labels, value);
      } catch {
        gauge.reset();
        this.readErrors.inc({ gauge: name });
      }
    });
  }

  /** Checkpoint, lag in log positions and lag in seconds, per view, from the rows `text` reads once per scrape. */
  private projectionGauges(): void {
    const gauge = (name: string, help: string, value: (row: ViewLag) => number) =>
      this.storeGauge(name, help, ['view'], async () =>
        (await this.viewLags).map((row) => [{ view: row.view }, value(row)]),
      );
    gauge('tocsin_projection_checkpoint_position', 'Global log position a view has folded.', (row) => row.position);
    gauge(
      'tocsin_projection_lag_events',
      "Log positions between the head and a view's checkpoint (events, on the SQLite log).",
      (row) => row.lagEvents,
    );
    gauge(
      'tocsin_projection_lag_seconds',
      'Age of the oldest event a view has not folded yet (0 when caught up).',
      (row) => row.lagSeconds,
    );
  }
}

type Sample = [Record<string, string>, number];

export interface HealthFigures {
  lagEvents: number | null;
  lagSeconds: number | null;
  queues: Array<{ queue: string; depth: number }> | null;
  sockets: number | null;
}

interface ViewLag {
  view: string;
  position: number;
  lagEvents: number;
  lagSeconds: number;
}

async function viewLags({ eventStore, readStore, views }: MetricsSources, now: number): Promise<ViewLag[]> {
  if (!eventStore || !readStore || !views) return [];
  const head = (await eventStore.headPosition()) ?? 0;
  const ages = new Map<number | null, Promise<number>>();
  const ageAfter = async (after: number | null) => {
    const [next] = await eventStore.readAll({ after, maxCount: 1 });
    return next ? Math.max(0, (now - Date.parse(next.recordedAt)) / 1000) : 0;
  };
  const rows: ViewLag[] = [];
  for (const view of views) {
    const at = (await readStore.checkpoint(view))?.position ?? null;
    const position = at ?? 0;
    const behind = at === null ? head > 0 : at < head;
    if (behind && !ages.has(at)) ages.set(at, ageAfter(at));
    const lagSeconds = behind ? await ages.get(at)! : 0;
    rows.push({ view, position, lagEvents: Math.max(0, head - position), lagSeconds });
  }
  return rows;
}
