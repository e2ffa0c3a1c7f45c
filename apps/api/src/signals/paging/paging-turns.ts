import { FairShare } from '../../shared/fair-share';
import { StreamQueue } from '../../shared/stream-queue';

/** Alerts planned at once, all organizations together, and of one organization while another has alerts to plan. */
const ALERTS_AT_ONCE = 8;
const ALERTS_OF_ONE_ORGANIZATION = 2;
/** Events handed over and not yet done before the follower waits to read more (a replay from the start). */
const EVENTS_AHEAD = 10_000;

/** An alert's work for one event: planning (its jobs queued) answers the write that records it, if any. */
export interface AlertWork {
  orgId: string;
  stream: string;
  plan: () => Promise<(() => Promise<void>) | null>;
}

/**
 * The paging follower's work, off the log's single file. Each event's alert is planned (its jobs queued and
 * cancelled) alongside other alerts, organizations taking turns for the slots, so one tenant's storm of new
 * alerts queues behind itself instead of in front of another's page. An alert's own events are planned one
 * after the other. What each plan writes (the alert's open entry with the checkpoint) is written in log order,
 * so the checkpoint never passes an event whose work is not done. `plan` and its write report their own errors.
 */
export class PagingTurns {
  private readonly share = new FairShare({ capacity: ALERTS_AT_ONCE, perTenant: ALERTS_OF_ONE_ORGANIZATION });
  private readonly streams = new StreamQueue();
  /** The last event handed over, done once every one before it is (its write follows theirs). */
  private chain: Promise<void> = Promise.resolve();
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  private ahead = 0;
  private room: (() => void) | null = null;

  constructor(private handled: number | null) {}

  /** Hands over the event at `position` (and its alert's work, if it has some); resolves once there is room for more. */
  async hand(position: number, work?: AlertWork): Promise<void> {
    const previous = this.chain;
    const done = work
      ? this.streams.run(work.stream, async () => {
          const write = await this.share.run(work.orgId, work.plan);
          await previous;
          await write?.();
        })
      : previous;
    this.chain = done.then(() => this.done(position));
    if (++this.ahead >= EVENTS_AHEAD) await new Promise<void>((resolve) => (this.room = resolve));
  }

  /** Resolves once every event up to `position` is done. */
  waitFor(position: number): Promise<void> {
    if (this.handled !== null && this.handled >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /** Waits for the work handed over (at shutdown, before the stores close). */
  async drain(): Promise<void> {
    let last: Promise<void> | null = null;
    while (last !== this.chain) await (last = this.chain);
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
    this.room?.();
  }

  private done(position: number): void {
    this.handled = position;
    this.ahead--;
    if (this.room && this.ahead < EVENTS_AHEAD / 2) {
      this.room();
      this.room = null;
    }
    const ready = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of ready) waiter.resolve();
  }
}
