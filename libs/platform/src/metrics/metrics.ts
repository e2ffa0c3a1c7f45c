import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../event-store/event-store.port';
import type { JobQueue } from '../jobs/job-queue.port';
import type { ReadStore } from '../read-store/read-store.port';

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
}

const SECONDS = (buckets: number[]) => ({ buckets });

/**
 * One registry per process (ARCHITECTURE.md, "Operators"): counted where things happen, labels from small fixed
 * sets (format, outcome, channel, view, queue, state, socket event), never an alert, user, incident or
 * organization id. Node's own series keep their usual names, so stock dashboards read them.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources = {};

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
    ...SECONDS([0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]),
  });
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
    ...SECONDS([0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]),
  });
  readonly appends = new Histogram({
    name: 'tocsin_event_log_append_duration_seconds',
    help: 'Duration of one append to the event log (durable when it ends).',
    registers: [this.registry],
    ...SECONDS([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]),
  });
  readonly projectionErrors = new Counter({
    name: 'tocsin_projection_errors_total',
    help: 'Batches a projection failed to fold, by view.',
    labelNames: ['view'] as const,
    registers: [this.registry],
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
    const sources = () => this.sources;
    new Gauge({
      name: 'tocsin_event_log_head_position',
      help: 'Global position of the newest event in the log.',
      registers: [this.registry],
      async collect() {
        const head = await sources().eventStore?.headPosition();
        if (head !== undefined) this.set(head ?? 0);
      },
    });
    new Gauge({
      name: 'tocsin_open_alerts',
      help: 'Open alerts by state, as the read store holds them.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await sources().openAlerts?.();
        for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'tocsin_jobs',
      help: 'Jobs by queue and state (the queues this process uses).',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await sources().jobs?.counts();
        this.reset();
        for (const [queue, states] of Object.entries(counts ?? {}))
          for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
      },
    });
    new Gauge({
      name: 'tocsin_sockets_connected',
      help: 'Sockets connected to this process.',
      registers: [this.registry],
      collect() {
        const count = sources().sockets?.();
        if (count !== undefined) this.set(count);
      },
    });
    this.projectionGauges(sources);
  }

  /** Where the gauges read from: called once the process has its stores (and again as parts join, e.g. sockets). */
  watch(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The text Prometheus scrapes. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * Checkpoint, lag in log positions and lag in seconds, per view: one read per distinct checkpoint, shared by the
   * three gauges of one scrape.
   */
  private projectionGauges(sources: () => MetricsSources): void {
    let last: { at: number; rows: Promise<ViewLag[]> } | null = null;
    const rows = () => {
      const at = Date.now();
      if (!last || at - last.at > 500) last = { at, rows: viewLags(sources()) };
      return last.rows;
    };
    const gauge = (name: string, help: string, value: (row: ViewLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['view'] as const,
        registers: [this.registry],
        async collect() {
          for (const row of await rows()) this.set({ view: row.view }, value(row));
        },
      });
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

interface ViewLag {
  view: string;
  position: number;
  lagEvents: number;
  lagSeconds: number;
}

async function viewLags({ eventStore, readStore, views }: MetricsSources): Promise<ViewLag[]> {
  if (!eventStore || !readStore || !views) return [];
  const head = (await eventStore.headPosition()) ?? 0;
  const now = Date.now();
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
