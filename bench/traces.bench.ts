import { startOtlpCollector } from '../test/support/otlp-collector';
import { gateway, pagedTeam, pageLatency, settle, signalsEnv } from './signals.bench';
import { freePort, median, signIn, startChild, stopChild } from './support';
import { cpuSecondsOf, runQueueSecondsOf } from './viewers';

/**
 * Traces (issue 22): what tracing costs the pager. The api runs twice per round, without OTEL_EXPORTER_OTLP_ENDPOINT
 * and with it (exporting every span to a local OTLP collector), each paging the owner by SMS for one new alert per
 * payload at a steady rate; the ingest answer (202) and ingest -> page latencies are compared, medians over rounds.
 * Latency on a shared machine moves with what else runs, so the api's CPU time per alert is measured too (less
 * sensitive to neighbours), and the share of the run its main thread waited for a core says how busy the machine was.
 */
export async function benchTraces() {
  const rounds = Number(process.env.BENCH_TRACES_ROUNDS ?? 5);
  const seconds = Number(process.env.BENCH_TRACES_SECONDS ?? 15);
  const rate = Number(process.env.BENCH_TRACES_RATE ?? 50);
  const collector = await startOtlpCollector();
  type Run = Awaited<ReturnType<typeof pageLatency>> & { cpuMsPerAlert: number; waitedShare: number };
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  try {
    for (let round = 0; round < rounds; round++)
      for (const mode of ['off', 'on'] as const) {
        const pager = await gateway();
        const port = await freePort();
        const env = {
          ...signalsEnv(port, pager),
          ...(mode === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint } : {}),
        };
        const { child } = await startChild(['apps/api/dist/main.js'], env, /Tocsin is running/);
        const url = `http://127.0.0.1:${port}`;
        try {
          const session = await signIn(url);
          const { policy, source } = await pagedTeam(url, session, '+14155550100');
          const path = `/ingest/${(await source('Bench traces', policy)).token}/alertmanager`;
          await pageLatency(url, path, pager.received, rate, 3, child.pid!, `warm-${mode}-${round}`); // not measured
          await settle(url, session);
          const pid = child.pid!;
          const [cpu0, waited0, t0] = [cpuSecondsOf(pid), runQueueSecondsOf(pid), performance.now()];
          const latency = await pageLatency(url, path, pager.received, rate, seconds, pid, `${mode}-${round}`);
          if (latency.paged === 0) throw new Error(`traces ${mode}: nothing was paged, nothing measured`);
          const run = {
            ...latency,
            cpuMsPerAlert: ((cpuSecondsOf(pid) - cpu0) * 1000) / latency.sent,
            waitedShare: (runQueueSecondsOf(pid) - waited0) / ((performance.now() - t0) / 1000),
          };
          runs[mode].push(run);
          console.log(
            `  traces ${mode} round ${round}: 202 p50 ${run.answerP50Ms.toFixed(1)} ms p99 ${run.answerP99Ms.toFixed(1)} ms, page p50 ${run.p50Ms.toFixed(1)} ms p99 ${run.p99Ms.toFixed(1)} ms (${run.paged}/${run.sent} paged), ${run.cpuMsPerAlert.toFixed(2)} ms CPU an alert, waited for a core ${(run.waitedShare * 100).toFixed(0)}%`,
          );
        } finally {
          await stopChild(child);
          await pager.close();
        }
      }
  } finally {
    await collector.close();
  }
  if (collector.spans.length === 0) throw new Error('traces on: the collector received no span');
  const summary = (mode: 'off' | 'on') => ({
    ingestP50Ms: median(runs[mode].map((r) => r.answerP50Ms)),
    ingestP99Ms: median(runs[mode].map((r) => r.answerP99Ms)),
    pageP50Ms: median(runs[mode].map((r) => r.p50Ms)),
    pageP99Ms: median(runs[mode].map((r) => r.p99Ms)),
    cpuMsPerAlert: median(runs[mode].map((r) => r.cpuMsPerAlert)),
    waitedShare: median(runs[mode].map((r) => r.waitedShare)),
    paged: runs[mode].reduce((n, r) => n + r.paged, 0),
    sent: runs[mode].reduce((n, r) => n + r.sent, 0),
  });
  const off = summary('off');
  const on = summary('on');
  return {
    rate,
    seconds,
    rounds,
    off,
    on,
    spansExported: collector.spans.length,
    ratio: {
      ingestP50: on.ingestP50Ms / off.ingestP50Ms,
      ingestP99: on.ingestP99Ms / off.ingestP99Ms,
      pageP50: on.pageP50Ms / off.pageP50Ms,
      pageP99: on.pageP99Ms / off.pageP99Ms,
      cpuPerAlert: on.cpuMsPerAlert / off.cpuMsPerAlert,
    },
  };
}
