/**
 * A BullMQ worker whose processor blocks its event loop for good (a CPU-bound job that never yields): it takes
 * one job of the queue argv[3] under the prefix argv[2] (lock and check intervals argv[4], argv[5]), prints `taken <id>`, and stops renewing its lock. The
 * parent test kills it. Plain JS so it starts without a build (register-ts.js).
 */
require('../reliability/register-ts');
const { SystemClock } = require('@tocsin/platform');
const { BullMqJobQueue } = require('../../libs/platform/src/jobs/bullmq-job-queue');

const [prefix, queue, lockDurationMs, stalledIntervalMs] = process.argv.slice(2);

(async () => {
  const jobs = await BullMqJobQueue.connect({
    url: process.env.REDIS_URL,
    prefix,
    clock: new SystemClock(),
    // a check for stalled jobs holds off every other worker's for its interval: the same short one as theirs
    locks: { lockDurationMs: Number(lockDurationMs), stalledIntervalMs: Number(stalledIntervalMs) },
  });
  await jobs.process(queue, async (job) => {
    process.stdout.write(`taken ${job.id}\n`, () => {
      const still = new Int32Array(new SharedArrayBuffer(4));
      for (;;) Atomics.wait(still, 0, 0);
    });
    return new Promise(() => undefined);
  });
  process.stdout.write('ready\n');
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
