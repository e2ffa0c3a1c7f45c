/**
 * The real application in a process of its own, for drills that kill it: starts it as the API tests do
 * (test/support/app.ts) on the data directory given as argv[2], prints `listening <url>` once it serves,
 * and runs until killed. The environment reaches its configuration (e.g. TOCSIN_CRASH_AFTER_STEP).
 * Plain JS so it starts without a build (register-ts.js).
 */
require('./register-ts');
require('reflect-metadata');
const { startApp } = require('../support/app');

startApp({ dataDir: process.argv[2], env: JSON.parse(process.argv[3] ?? '{}') }).then(
  (app) => process.stdout.write(`listening ${app.url}\n`),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
