import type { EventStore, Logger, ReadStore } from '../runtime/ports';
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

/** Events of other kinds passed over between two writes of a reactor's place. */
const CHECKPOINT_EVERY = 1000;

export interface CheckpointedReactorOptions {
  /** Says whose subscription or act failed, in the log. */
  name: string;
  /** The read-store checkpoint the reactor's place is kept under. */
  checkpoint: string;
  actsOn: ReadonlySet<string>;
  act: (event: RecordedEvent) => Promise<void>;
  eventStore: EventStore;
  store: ReadStore;
  logger: Logger;
  /** With no place kept yet, start at the log's end (what came before is not this reactor's business). */
  startAtHead?: boolean;
}

/**
 * A reactor that keeps its place in the read store (heartbeats, maintenances, shift change notices): it follows the
 * log from its checkpoint, hands the events it acts on to `act` (a failure is logged and the place moves on: each
 * reactor says what still covers it), and writes its place after each of those and now and then in between, so a
 * restart does not read the whole log again.
 */
export class CheckpointedReactor {
  private readonly follower: LogFollower;
  private committed = 0;

  constructor(private readonly options: CheckpointedReactorOptions) {
    this.follower = new LogFollower(options.name, options.logger);
  }

  async start(): Promise<void> {
    const { store, eventStore, checkpoint, startAtHead } = this.options;
    const kept = await store.checkpoint(checkpoint);
    const from = kept ? kept.position : startAtHead ? await eventStore.headPosition() : null;
    this.committed = from ?? 0;
    this.follower.follow(eventStore, from, (event) => this.handle(event));
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  /** Resolves once the event at `position` is handled (bounded). */
  waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    return this.follower.waitFor(position, timeoutMs);
  }

  private async handle(event: RecordedEvent): Promise<void> {
    const { actsOn, act, logger, name } = this.options;
    if (!actsOn.has(event.type)) {
      if (event.position - this.committed >= CHECKPOINT_EVERY) await this.commit(event.position);
      return;
    }
    try {
      await act(event);
    } catch (error) {
      logger.error({ err: error, stream: event.stream, event: event.id }, `${name}: could not act on an event`);
    }
    await this.commit(event.position);
  }

  private async commit(position: number): Promise<void> {
    await this.options.store.commit(this.options.checkpoint, { position, version: 1 }, []);
    this.committed = position;
  }
}
