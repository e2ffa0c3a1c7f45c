import type { Runtime } from '../runtime/runtime';
import { AccountCommands } from './account-commands';
import { seedDemo } from './seed-demo';

/** The demo organization is seeded on the embedded default only, never on a production event store. */
export async function seedIfEmbedded(runtime: Runtime) {
  if (runtime.config.EVENTSTORE_URL || runtime.config.NODE_ENV === 'production' || !runtime.runner) return null;
  return seedDemo(runtime, new AccountCommands(runtime));
}
