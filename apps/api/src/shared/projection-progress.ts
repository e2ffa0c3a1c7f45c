import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  HOSTED_PROJECTOR,
  READ_STORE,
  type EventStore,
  type HostedProjector,
  type ReadStore,
} from '../runtime/ports';

/** The view had not reached a position in time: what it says may be older than the work needs. */
export class ViewBehindError extends Error {
  constructor(
    readonly view: string,
    readonly position: number,
  ) {
    super(`The ${view} view had not reached position ${position} in time: try again later`);
    this.name = 'ViewBehindError';
  }
}

/**
 * Read-your-writes: a command's response waits until the read models include its events, so the
 * client that just saved sees its change on the next read. Hosted projector: wait on the runner;
 * separate projector: poll the view's checkpoint in the read store.
 */
@Injectable()
export class ProjectionProgress {
  constructor(
    @Inject(HOSTED_PROJECTOR) private readonly runner: HostedProjector | null,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** Waits until `view` includes everything in the log now (a write another request made, for instance). */
  async waitForLog(view: string, timeoutMs = 5000): Promise<boolean> {
    return this.waitFor(view, await this.eventStore.headPosition(), timeoutMs);
  }

  /**
   * Waits until `view` includes the event at `position` (null: nothing to wait for), at most `timeoutMs`, and says
   * whether it did. A request answering its own write may go on either way (its answer is at worst a moment old);
   * work that would act on what the view says must not: it calls `catchUp`.
   */
  async waitFor(view: string, position: number | null, timeoutMs = 5000): Promise<boolean> {
    if (position === null) return true;
    const runner = this.runner;
    if (!runner) return this.poll(view, position, Date.now() + timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const caughtUp = await Promise.race([runner.waitFor(position).then(() => true), timeout]);
    clearTimeout(timer);
    return caughtUp;
  }

  /**
   * As `waitFor`, but a view still behind throws `ViewBehindError`: a job then fails and its queue retries it
   * later (with its backoff) instead of deciding on what the view said before.
   */
  async catchUp(view: string, position: number | null, timeoutMs = 5000): Promise<void> {
    if (!(await this.waitFor(view, position, timeoutMs))) throw new ViewBehindError(view, position ?? 0);
  }

  private async poll(view: string, position: number, deadline: number): Promise<boolean> {
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      const checkpoint = await this.readStore.checkpoint(view);
      if (checkpoint?.position != null && checkpoint.position >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
