/**
 * `npm start`'s own entry point (apps/api/src/main.ts, its SIGTERM handling included) in a process of
 * its own, configured by the environment. Started with --expose-gc, it forces a full collection every
 * TOCSIN_GC_EVERY_MS, so whatever native objects die under load (prepared statements, sockets) are
 * collected while the server works, as an idle GC would, and not only at exit.
 * Plain JS so it starts without a build (register-ts.js).
 */
require('./register-ts');

const every = Number(process.env.TOCSIN_GC_EVERY_MS ?? 0);
if (every > 0) {
  if (typeof globalThis.gc !== 'function') throw new Error('start this child with --expose-gc');
  setInterval(() => globalThis.gc(), every).unref();
}
require('../../apps/api/src/main.ts');
