import type { EventStore, Logger } from '../runtime/ports';
import type { RecordedEvent, Subscription } from '@tocsin/platform';

/**
 * A reactor's checkpointed subscription to the log: it follows the log from the reactor's checkpoint, handles
 * each event in order, and lets a caller wait until the event at a position is handled (read-your-writes for
 * the command that caused it). The reactor keeps its own checkpoint; this keeps only how far it has got.
 */
export class LogFollower {
  private subscription: Subscription | null = null;
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  /** The position of the last event handled since this start (or the checkpoint it started from). */
  processed: number | null = null;

  /** `name` says whose subscription failed, in the log. */
  constructor(
    private readonly name: string,
    private readonly logger: Logger,
  ) {}

  follow(eventStore: EventStore, from: number | null, handle: (event: RecordedEvent) => Promise<void>): void {
    this.processed = from;
    this.subscription = eventStore.subscribeToAll(from, {
      onEvent: async (event) => {
        await handle(event);
        this.handled(event.position);
      },
      onError: (error) => this.logger.error({ err: error }, `${this.name}: subscription to the log failed`),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  /** Resolves once the event at `position` is handled (bounded by `timeoutMs`). */
  async waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    if (position === null || (this.processed !== null && this.processed >= position)) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push({ position, resolve })),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  private handled(position: number): void {
    this.processed = position;
    const done = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of done) waiter.resolve();
  }
}
