import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import {
  benchRuns,
  countsOf,
  freePort,
  medianRun,
  percentile,
  signIn,
  startChild,
  stopChild,
  tempDir,
  trustworthy,
  type Session,
} from './support';

/**
 * Signals (issue 9), embedded, on this machine: sustained Alertmanager ingest with deduplication, the latency
 * from a payload sent to its first "Immediately" notification handed to the phone adapter (received by a local
 * gateway standing for the provider), and the api's memory over a long run at that rate.
 */

/** The phone provider's local counterpart: notes when each attempt arrives (`{id}` is the attempt id). */
export async function gateway() {
  const received = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      const now = performance.now();
      const { id } = JSON.parse(body) as { id: string };
      // the attempt id starts with the alert's: {alert}/{episode}/{stage}/{user}/{row}
      const alertId = id.split('/').slice(0, -4).join('/');
      if (!received.has(alertId)) received.set(alertId, now);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `gw-${received.size}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, received, close: () => new Promise((r) => server.close(r)) };
}

export async function api(url: string, session: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as { data: Record<string, unknown> }).data : {};
}

export const alertmanager = (fingerprints: string[]) =>
  JSON.stringify({
    version: '4',
    groupKey: '{}:{alertname="Bench"}',
    status: 'firing',
    receiver: 'tocsin',
    groupLabels: { alertname: 'Bench' },
    commonLabels: {},
    commonAnnotations: {},
    externalURL: 'http://alertmanager.example.com:9093',
    alerts: fingerprints.map((fingerprint) => ({
      status: 'firing',
      labels: { alertname: 'Bench', instance: fingerprint, severity: 'critical' },
      annotations: { summary: `Bench alert ${fingerprint}` },
      startsAt: '2026-11-24T03:00:00Z',
      endsAt: '0001-01-01T00:00:00Z',
      fingerprint,
    })),
  });

const GROUP = 10;
const KEYS = 2000;

/**
 * Sources the ingest measure sends to in turn: a source takes at most 100,000 alerts a minute (its highest rate
 * limit), and one api ingests more than that in a ten-second run, so one source answered 429 from the second run on.
 */
const INGEST_SOURCES = 8;

/**
 * Sustained ingest: groups of 10 alerts over 2,000 fingerprints, so after the first seconds nearly all deduplicate;
 * the payloads go to `paths` (one per source) in turn.
 */
async function ingestRate(url: string, paths: string[], seconds: number) {
  let n = 0;
  let sent = 0;
  const result = await autocannon({
    url,
    duration: seconds,
    connections: 32,
    requests: [
      {
        method: 'POST',
        path: paths[0],
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const fingerprints = Array.from({ length: GROUP }, () => `fp-${n++ % KEYS}`);
          return { ...request, path: paths[sent++ % paths.length], body: alertmanager(fingerprints) };
        },
      },
    ],
  });
  return trustworthy(
    'the Alertmanager ingest benchmark',
    {
      payloadsPerSec: result.requests.average,
      alertsPerSec: result.requests.average * GROUP,
      non2xx: result.non2xx,
      errors: result.errors,
      p99Ms: result.latency.p99,
    },
    countsOf(result),
  );
}

/**
 * Sends `send(i)` at a steady `rate` a second for `seconds`, sampling the api's memory every 10 s; resolves with
 * the samples once the last one is sent (answers may still be arriving).
 */
export async function paced(rate: number, seconds: number, pid: number, send: (i: number) => void) {
  const samples: Array<{ s: number; rssMb: number }> = [];
  const sample = (start: number) =>
    samples.push({ s: Math.round((performance.now() - start) / 1000), rssMb: rssOf(pid) / 2 ** 20 });
  const total = Math.round(rate * seconds);
  const start = performance.now();
  let nextSample = 0;
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (performance.now() - start >= nextSample) {
      sample(start);
      nextSample += 10_000;
    }
    send(i);
  }
  return { total, samples, sample: () => sample(start) };
}

/** One JSON POST on a keep-alive agent; `answered` gets its status, or the error's code when it failed. */
export function postJson(agent: http.Agent, url: URL, path: string, body: string, answered: (status: string) => void) {
  const { hostname, port } = url;
  const headers = { 'content-type': 'application/json' };
  const request = http.request({ agent, hostname, port, method: 'POST', path, headers });
  request.on('response', (response) => {
    answered(String(response.statusCode));
    response.resume();
  });
  request.on('error', (error: NodeJS.ErrnoException) => answered(error.code ?? 'error'));
  request.end(body);
}

/**
 * Memory over a long run (the issue: flat over 10 minutes): a steady stream of Alertmanager groups whose alerts
 * all deduplicate onto a fixed set, so what the api holds should stop growing once the ingest log reaches its
 * retention bound. RSS sampled every 10 s; the answer compares the first and the last minute's medians.
 */
async function soak(url: string, path: string, payloadsPerSec: number, seconds: number, pid: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const target = new URL(url);
  let non2xx = 0;
  let answered = 0;
  /** Each answer other than 202 by its status (or `error`), to say what they were. */
  const others: Record<string, number> = {};
  const other = (what: string) => {
    non2xx++;
    others[what] = (others[what] ?? 0) + 1;
  };
  let n = 0;
  const run = await paced(payloadsPerSec, seconds, pid, () =>
    postJson(agent, target, path, alertmanager(Array.from({ length: GROUP }, () => `soak-${n++ % KEYS}`)), (status) => {
      answered++;
      if (status !== '202') other(status);
    }),
  );
  const samples = run.samples;
  // the last payloads' answers, before the connections close (closing them would count those as failures)
  const deadline = performance.now() + 10_000;
  while (answered < run.total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  run.sample();
  agent.destroy();
  const minute = (from: number, to: number) =>
    percentile(
      samples
        .filter((x) => x.s >= from && x.s <= to)
        .map((x) => x.rssMb)
        .sort((a, b) => a - b),
      50,
    );
  const last = samples.at(-1)!.s;
  return trustworthy(
    'the memory soak',
    {
      alertsPerSec: payloadsPerSec * GROUP,
      seconds,
      non2xx,
      others,
      firstMinuteMb: minute(0, 60),
      lastMinuteMb: minute(last - 60, last),
      maxMb: Math.max(...samples.map((x) => x.rssMb)),
      samples,
    },
    { sent: run.total, received: answered - non2xx, failed: non2xx + (run.total - answered) },
  );
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * One new alert per payload at a steady rate, each paging the owner at once (an SMS row with no delay); time from
 * sending the payload to its first notification reaching the gateway. Memory is sampled along the way.
 */
export async function pageLatency(
  url: string,
  path: string,
  received: Map<string, number>,
  rate: number,
  seconds: number,
  pid: number,
  /** Starts each alert's fingerprint: a run that follows another must not repeat its alerts. */
  prefix = `page-${process.pid}`,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(url);
  const sentAt = new Map<string, number>();
  /** How long each accepted payload took to be answered: the ingest part of the page's latency. */
  const answers: number[] = [];
  let failed = 0;
  let answered = 0;
  const run = await paced(rate, seconds, pid, (i) => {
    const t0 = performance.now();
    const request = http.request({
      agent,
      hostname,
      port,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => {
        answered++;
        if (response.statusCode !== 202) return void failed++;
        const alertId = (JSON.parse(text) as { data: { results: Array<{ alert_id: string }> } }).data.results[0]
          .alert_id;
        sentAt.set(alertId, t0);
        answers.push(performance.now() - t0);
      });
    });
    request.on('error', () => {
      answered++;
      failed++;
    });
    request.end(alertmanager([`${prefix}-${i}`]));
  });
  const { total } = run;
  const memory = run.samples;
  const deadline = performance.now() + 10_000;
  const done = () => answered === total && [...sentAt.keys()].every((id) => received.has(id));
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  run.sample();
  agent.destroy();
  const latencies = [...sentAt]
    .filter(([id]) => received.has(id))
    .map(([id, t0]) => received.get(id)! - t0)
    .sort((a, b) => a - b);
  return {
    rate,
    seconds,
    sent: total,
    accepted: sentAt.size,
    paged: latencies.length,
    failed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    answerP50Ms: percentile(
      answers.sort((a, b) => a - b),
      50,
    ),
    answerP99Ms: percentile(answers, 99),
    maxMs: latencies.at(-1) ?? NaN,
    memory,
  };
}

/** What a paging run sent, had paged, and lost (never paged), for `trustworthy`. */
export const pagedCounts = ({ sent, paged }: { sent: number; paged: number }) => ({
  sent,
  received: paged,
  failed: sent - paged,
});

/**
 * Waits until the api has folded what the previous run sent (its read models' position has stopped moving), so
 * each measure starts from an idle process rather than from another's backlog (at most a minute).
 */
export async function settle(url: string, session: Session) {
  const position = async () => {
    // a connection the api dropped while it worked through a storm's backlog: ask again next second
    const answer = await fetch(`${url}/infra/health`, { headers: { cookie: session.cookie } }).catch(() => null);
    const health = (await answer?.json().catch(() => null)) as {
      components?: { read_store?: { message?: string } };
    } | null;
    if (!health) return `busy at ${performance.now()}`;
    return /at position (\d+)/.exec(health.components?.read_store?.message ?? '')?.[1] ?? null;
  };
  const deadline = performance.now() + 60_000;
  let last = await position();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await position();
    if (now === null) return void (await new Promise((resolve) => setTimeout(resolve, 15_000)));
    if (now === last) return;
    last = now;
  }
}

/** The api's configuration for the signals measures: pages go to `pager` as SMS through the gateway. */
export const signalsEnv = (port: number, pager: { url: string }) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: tempDir('signals'),
  LOG_LEVEL: 'warn',
  HEALTH_PUSH_INTERVAL_MS: '60000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  SIMPLE_PHONE_VERIFICATION: 'true',
  PAGE_GATEWAY_URL: pager.url,
  PAGE_GATEWAY_METHOD: 'POST',
  PAGE_GATEWAY_BODY: '{"id":"{id}","to":"{to}"}',
  PAGE_GATEWAY_CONTENT_TYPE: 'application/json',
  PAGE_GATEWAY_KINDS: 'sms',
  // the recording gateway is on this machine: the egress guard lets it through only when told to
  CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
});

/** In the signed-in owner's organization: an SMS at once for every priority, a team, and its one-step policy. */
export async function pagedTeam(url: string, session: Session, phone: string) {
  const me = (await api(url, session, 'GET', '/api/v1/me')) as { user: { id: string } };
  await api(url, session, 'POST', '/api/v1/phones', { number: phone, verification_method: 'sms', consent: true });
  for (const priority of ['HIGH', 'MEDIUM', 'LOW'])
    await api(url, session, 'POST', '/api/v1/signals_notification_settings', {
      notification_type: 'sms',
      destination: { type: 'phone', value: phone },
      delay: 'PT0S',
      notification_priority: priority,
    });
  const team = (await api(url, session, 'POST', '/api/v1/teams', { name: 'Bench' })).id as string;
  const policy = (
    await api(url, session, 'POST', `/api/v1/teams/${team}/escalation_policies`, {
      name: 'Bench on-call',
      steps: [{ timeout: 'PT30M', targets: [{ type: 'user', id: me.user.id }] }],
    })
  ).id as string;
  const source = async (name: string, escalationPolicy: string | null, more: Record<string, unknown> = {}) =>
    (await api(url, session, 'POST', '/api/v1/signals/event_sources', {
      name,
      format: 'alertmanager',
      team_id: team,
      escalation_policy_id: escalationPolicy,
      rate_limit_per_minute: 100_000,
      ...more,
    })) as { token: string };
  return { team, policy, source };
}

export async function benchSignals() {
  const pager = await gateway();
  const port = await freePort();
  const env = signalsEnv(port, pager);
  const { child } = await startChild(['apps/api/dist/main.js'], env, /Tocsin is running/);
  const url = `http://127.0.0.1:${port}`;
  try {
    const session = await signIn(url);
    const { policy, source } = await pagedTeam(url, session, '+14155550100');
    const quiet = await source('Bench ingest', null);
    const paging = await source('Bench paging', policy);
    const ingestPaths = [`/ingest/${quiet.token}/alertmanager`];
    for (let i = 1; i < INGEST_SOURCES; i++)
      ingestPaths.push(`/ingest/${(await source(`Bench ingest ${i + 1}`, null)).token}/alertmanager`);

    const seconds = Number(process.env.BENCH_SIGNALS_SECONDS ?? 10);
    await ingestRate(url, ingestPaths, 3); // warm-up, not measured
    const ingest = await medianRun(
      benchRuns(),
      async () => {
        const figures = await ingestRate(url, ingestPaths, seconds);
        // each run from an idle process, not from the previous run's backlog
        await settle(url, session);
        return figures;
      },
      (r) => r.alertsPerSec,
    );
    const latencySeconds = Number(process.env.BENCH_SIGNALS_LATENCY_SECONDS ?? 60);
    const latency = await pageLatency(
      url,
      `/ingest/${paging.token}/alertmanager`,
      pager.received,
      200,
      latencySeconds,
      child.pid!,
    );
    // every alert sent pages: one refused or never paged past 1% is a failure, not a figure
    trustworthy('ingest -> first page', latency, pagedCounts(latency));
    await settle(url, session);
    const soakSeconds = Number(process.env.BENCH_SIGNALS_SOAK_SECONDS ?? 600);
    const memory = await soak(url, `/ingest/${quiet.token}/alertmanager`, 100, soakSeconds, child.pid!);
    return { ingest, latency, memory };
  } finally {
    await stopChild(child);
    await pager.close();
  }
}
