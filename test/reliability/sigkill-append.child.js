/**
 * Appends to a SQLite event store as fast as it can and prints each event id once its append has
 * resolved; the parent kills it with SIGKILL and checks that every printed id survived.
 * Plain JS so it starts without a build (register-ts.js).
 */
const { randomUUID } = require('node:crypto');
require('./register-ts');

const { SqliteEventStore } = require('../../libs/platform/src/event-store/sqlite-event-store');

const WRITERS = 64;
const store = SqliteEventStore.open({ file: process.argv[2] });

function event(type) {
  const id = randomUUID();
  const metadata = {
    orgId: 'org-1',
    actorId: 'user-1',
    commandId: id,
    correlationId: id,
    causationId: id,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  };
  return { id, type, data: { at: Date.now() }, metadata };
}

// On Linux a write to a pipe is synchronous: once this returns, the parent will read the line.
const acknowledge = (events) => process.stdout.write(events.map((e) => e.id).join('\n') + '\n');

/** Each writer owns one stream and appends at its exact revision; all writers also share one stream. */
async function writer(n) {
  const stream = `drill-${n}`;
  for (let revision = -1; ;) {
    const events = Array.from({ length: 1 + (revision % 3 === 0 ? 2 : 0) }, () => event('Appended'));
    const result = await store.append(stream, events, revision === -1 ? 'no_stream' : revision);
    revision = result.nextRevision;
    acknowledge(events);
    const shared = [event('Shared')];
    await store.append('drill-shared', shared, 'any');
    acknowledge(shared);
  }
}

for (let n = 0; n < WRITERS; n += 1)
  writer(n).catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
