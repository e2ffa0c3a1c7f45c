import { DecideCommandHandler } from '../commands/command.handler';
import type { Runtime } from '../runtime/runtime';
import { seedDemo } from './seed-demo';

/** The demo organization is seeded on the embedded default only, never on a production event store. */
export async function seedIfEmbedded(runtime: Runtime) {
  if (runtime.config.EVENTSTORE_URL || runtime.config.NODE_ENV === 'production' || !runtime.runner) return null;
  // before the application starts: the one command handler, without the bus
  const handler = new DecideCommandHandler(runtime.infra.eventStore, runtime.clock);
  return seedDemo(runtime, { run: (message) => handler.execute(message) });
}
