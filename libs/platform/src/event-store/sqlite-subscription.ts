import type { RecordedEvent, Subscription, SubscriptionHandler } from './event-store.port';

const PAGE_SIZE = 2000;

/**
 * Catch-up subscription over the SQLite log: pages through history, then waits for either an
 * in-process commit notice or the poll timer (which is how a separate process sees new events).
 * SQLite has a single writer, so positions become visible in order and "after the last delivered
 * position" never skips an event.
 */
export class SqliteSubscription implements Subscription {
  private closed = false;
  /** A commit happened since the last read; kept so a notice arriving mid-handler is not lost. */
  private changed = false;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly readAfter: (after: number | null, maxCount: number) => RecordedEvent[],
    private readonly handler: SubscriptionHandler,
    private readonly pollIntervalMs: number,
    private readonly onClosed: (subscription: SqliteSubscription) => void,
  ) {}

  start(after: number | null): void {
    this.run(after).catch((error: Error) => {
      const report = !this.closed;
      void this.close();
      // without onError the rejection stays unhandled: a projection must not stop silently
      if (report && this.handler.onError) this.handler.onError(error);
      else if (report) throw error;
    });
  }

  /** Called after every local commit. */
  notify(): void {
    this.changed = true;
    this.wake?.();
  }

  /** After this resolves no event is delivered; a handler call already running is left to finish. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.notify();
    this.onClosed(this);
  }

  private async run(after: number | null): Promise<void> {
    // the first event arrives after subscribeToAll has returned, never inside it
    await Promise.resolve();
    let position = after;
    let live = false;
    while (!this.closed) {
      this.changed = false;
      const page = this.readAfter(position, PAGE_SIZE);
      for (const event of page) {
        if (this.closed) return;
        await this.handler.onEvent(event);
        position = event.position;
      }
      if (page.length === PAGE_SIZE) continue;
      if (!live) {
        live = true;
        this.handler.onCaughtUp?.();
      }
      await this.nextChange();
    }
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.wake = done;
      if (this.closed || this.changed) done();
      else this.timer = setTimeout(done, this.pollIntervalMs);
    });
  }
}
