import 'reflect-metadata';
import {
  connectInfrastructure,
  createLogger,
  loadConfig,
  ProjectionRunner,
  SystemClock,
  type RecordedEvent,
} from '@tocsin/platform';
import { PROJECTIONS } from '@tocsin/read-models';

/**
 * `npm run replay -- <projection|all>`: drops the named views and folds the whole log into them
 * again, printing progress. Run it with the projector stopped.
 */
async function main(): Promise<void> {
  const target = process.argv[2];
  const names = PROJECTIONS.map((p) => p.name);
  if (!target || (target !== 'all' && !names.includes(target))) {
    process.stderr.write(`Usage: npm run replay -- <${[...names, 'all'].join('|')}>\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const infra = await connectInfrastructure(config, new SystemClock());
  const selected = PROJECTIONS.filter((p) => target === 'all' || p.name === target);
  const head = (await infra.eventStore.headPosition()) ?? 0;
  const started = Date.now();
  let seen = 0;
  let lastReport = 0;
  // count events as the runner reads them, to print progress
  const counting = Object.create(infra.eventStore) as typeof infra.eventStore;
  counting.subscribeToAll = (after, handler) =>
    infra.eventStore.subscribeToAll(after, {
      ...handler,
      onEvent: (event: RecordedEvent) => {
        seen++;
        if (Date.now() - lastReport > 500) {
          lastReport = Date.now();
          process.stdout.write(
            `  replaying ${target}: position ${event.position} of ${head} (${Math.round((event.position / Math.max(head, 1)) * 100)}%)\n`,
          );
        }
        return handler.onEvent(event);
      },
    });
  const runner = new ProjectionRunner(counting, infra.readStore, selected, () => undefined, createLogger('warn'));
  for (const projection of selected) await infra.readStore.reset(projection.name, [projection.collection]);
  await runner.start();
  await runner.stop();
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `Replayed ${selected.map((p) => p.name).join(', ')}: ${seen} events in ${seconds.toFixed(2)} s (${Math.round(seen / Math.max(seconds, 0.001))} events/s), position ${runner.position ?? 'none'}\n`,
  );
  if (infra.readStore.kind === 'memory') {
    process.stdout.write(
      'Note: embedded read models live in memory and are rebuilt at every start; this run verified the fold.\n',
    );
  }
  await infra.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`Replay failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
