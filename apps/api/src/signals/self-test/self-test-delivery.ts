import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { SelfTestRound } from '@tocsin/contracts';
import {
  alertIdFor,
  alertStreamFor,
  parseDuration,
  type NotificationAttempted,
  type NotificationFailed,
  type NotificationSent,
} from '@tocsin/domain';
import { egress } from '@tocsin/platform';
import type { SelfTestDoc } from '@tocsin/read-models';
import { CLOCK, CONFIG, EVENT_STORE, type AppConfig, type Clock, type EventStore } from '../../runtime/ports';
import { PublicUrl } from '../../shared/public-url';
import { SecretBox } from '../event-sources/secret-box';
import { ingestUrlOf } from '../event-sources/ingest-token';

/** The heartbeat is a short call: an outside monitor answers at once or is itself in trouble. */
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** How often a round reads its alert's stream for the page's fate: at first often, then at most every 5 s. */
const WATCH_FIRST_MS = 250;
const WATCH_MOST_MS = 5_000;

export const intervalMs = (doc: Pick<SelfTestDoc, 'interval'>) => (parseDuration(doc.interval) ?? 60) * 1000;

/** A page not sent this long after its round's alert came in fails the round, whatever the interval. */
export const SELF_TEST_LONGEST_WAIT_MS = 5 * 60_000;

/**
 * How long a round waits for its page: its interval, at most SELF_TEST_LONGEST_WAIT_MS. A waiting round holds one of
 * the queue's slots, so an organization whose channel is broken holds at most one, never for a day-long interval.
 */
export const roundWaitMs = (doc: Pick<SelfTestDoc, 'interval'>) => Math.min(intervalMs(doc), SELF_TEST_LONGEST_WAIT_MS);

/** What became of a round's alert: a page delivered, or the reason none was. */
export type PageFate =
  { ok: true; at: string; channel: string | null } | { ok: false; reason: string; channel: string | null };

/**
 * A round's calls: the synthetic alert posted to the self-test's own ingest URL (and resolved there), the alert's
 * stream watched for its first page's fate (as paging recorded it: nothing here pages), the outside heartbeat.
 */
@Injectable()
export class SelfTestDelivery implements OnModuleDestroy {
  /** Set on shutdown: a round watching its alert stops (the next process chains the rounds again). */
  private closing = false;
  /** What wakes the rounds now waiting between two reads (on shutdown). */
  private readonly sleeping = new Set<() => void>();

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly box: SecretBox,
    private readonly publicUrl: PublicUrl,
  ) {}

  onModuleDestroy(): void {
    this.closing = true;
    for (const wake of this.sleeping) wake();
  }

  /**
   * POSTs a generic Tocsin/JSON event to the source's ingest URL, as any monitoring tool would: over HTTP to
   * Tocsin's own address (PUBLIC_URL, which every process knows; in the split shape the worker reaches the api
   * through it, the way the outside does). It is the operator's address, not a tenant's, so the egress guard lets
   * it reach a private one. Null: accepted; else why not.
   */
  async ingest(settings: SelfTestDoc, body: Record<string, unknown>): Promise<string | null> {
    const token = this.box.open(settings.ingestToken.sealed);
    if (token === null) return 'the ingest token can no longer be read (SECRETS_KEY changed): save the settings again';
    const url = ingestUrlOf(this.publicUrl.base, token, 'generic');
    const options = { allowPrivate: true, timeoutMs: this.config.CHANNEL_TIMEOUT_MS, maxResponseBytes: 4096 };
    try {
      const response = await egress(
        { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        options,
      );
      if (response.status === 202) return null;
      return `the ingest answered ${response.status}: ${ingestMessage(response.body)}`;
    } catch (error) {
      return `the ingest URL could not be reached: ${(error as Error).message}`;
    }
  }

  /**
   * The first page of the alert delivered (NotificationSent), or the first that failed for good (a final
   * NotificationFailed: the test member's one contact method is the test destination), or, when the interval is
   * over, the last failure's answer or "no page was sent".
   */
  async watch(settings: SelfTestDoc, dedupKey: string, deadline: number): Promise<PageFate> {
    const within = roundWaitMs(settings) === intervalMs(settings) ? settings.interval : 'PT5M';
    const stream = alertStreamFor(settings.sourceId, dedupKey);
    const alertId = alertIdFor(settings.sourceId, dedupKey);
    let over = this.clock.now() >= deadline;
    let wake = () => undefined as void;
    // the end of the interval wakes the watch at once (on the product's clock)
    const cancel = this.clock.schedule(deadline, () => {
      over = true;
      wake();
    });
    try {
      for (let wait = WATCH_FIRST_MS; ; wait = Math.min(wait * 2, WATCH_MOST_MS)) {
        if (this.closing) throw new Error('self-test: the process is stopping; the round is not recorded');
        const fate = this.fateOf(alertId, await this.events.readStream(stream), within, over);
        if (fate) return fate;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => wake(), wait);
          wake = () => {
            clearTimeout(timer);
            this.sleeping.delete(wake);
            resolve();
          };
          this.sleeping.add(wake);
        });
      }
    } finally {
      cancel();
    }
  }

  private fateOf(
    alertId: string,
    recorded: Array<{ type: string; data: unknown }>,
    interval: string,
    over: boolean,
  ): PageFate | null {
    const channels = new Map<string, string>();
    let failure: NotificationFailed['data'] | null = null;
    for (const { type, data } of recorded) {
      if ((data as { alertId?: string }).alertId !== alertId) continue;
      if (type === 'NotificationAttempted') {
        const attempt = data as NotificationAttempted['data'];
        channels.set(attempt.attemptId, attempt.channel);
      } else if (type === 'NotificationSent') {
        const sent = data as NotificationSent['data'];
        return { ok: true, at: sent.at, channel: channels.get(sent.attemptId) ?? null };
      } else if (type === 'NotificationFailed') {
        failure = data as NotificationFailed['data'];
        if (failure.final) break;
      }
    }
    if (failure && (failure.final || over)) {
      const channel = channels.get(failure.attemptId) ?? null;
      return { ok: false, reason: channel ? `${channel}: ${failure.answer}` : failure.answer, channel };
    }
    return over ? { ok: false, reason: `no page was sent within ${interval}`, channel: null } : null;
  }

  /** GET the heartbeat URL through the egress guard; its answer is recorded, never judged (the outside does). */
  async heartbeat(settings: SelfTestDoc): Promise<SelfTestRound['heartbeat']> {
    if (!settings.heartbeatUrl) return { called: false, status: null, error: null };
    const url = this.box.open(settings.heartbeatUrl.sealed);
    if (url === null) return { called: false, status: null, error: 'the heartbeat URL can no longer be read' };
    const options = {
      allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES,
      timeoutMs: Math.min(this.config.CHANNEL_TIMEOUT_MS, HEARTBEAT_TIMEOUT_MS),
      maxResponseBytes: 1024,
    };
    try {
      const response = await egress({ url, method: 'GET' }, options);
      return { called: true, status: response.status, error: null };
    } catch (error) {
      return { called: true, status: null, error: (error as Error).message };
    }
  }
}

/** The ingest's own words on a refusal (its `message`), else the start of what it answered. */
function ingestMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: said as it came
  }
  return body.slice(0, 200);
}
