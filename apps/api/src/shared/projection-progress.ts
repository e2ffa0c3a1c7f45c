import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  HOSTED_PROJECTOR,
  READ_STORE,
  type EventStore,
  type HostedProjector,
  type ReadStore,
} from '../runtime/ports';

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
  async waitForLog(view: string, timeoutMs = 5000): Promise<void> {
    await this.waitFor(view, await this.eventStore.headPosition(), timeoutMs);
  }

  async waitFor(view: string, position: number | null, timeoutMs = 5000): Promise<void> {
    if (position === null) return;
    const runner = this.runner;
    if (!runner) return this.poll(view, position, Date.now() + timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([runner.waitFor(position), timeout]);
    clearTimeout(timer);
  }

  private async poll(view: string, position: number, deadline: number): Promise<void> {
    for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
      const checkpoint = await this.readStore.checkpoint(view);
      if (checkpoint?.position != null && checkpoint.position >= position) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
