import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../runtime/runtime';

/**
 * Read-your-writes: a command's response waits until the read models include its events, so the
 * client that just saved sees its change on the next read. Hosted projector: wait on the runner;
 * separate projector: poll the view's checkpoint in the read store.
 */
@Injectable()
export class ProjectionProgress {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async waitFor(view: string, position: number | null, timeoutMs = 5000): Promise<void> {
    if (position === null) return;
    const runner = this.runtime.runner;
    if (!runner) return this.poll(view, position, Date.now() + timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([runner.waitFor(position), timeout]);
    clearTimeout(timer);
  }

  private async poll(view: string, position: number, deadline: number): Promise<void> {
    for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
      const checkpoint = await this.runtime.infra.readStore.checkpoint(view);
      if (checkpoint?.position != null && checkpoint.position >= position) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
