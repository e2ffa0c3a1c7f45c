import http from 'node:http';
import { io } from 'socket.io-client';
import { NOTIFICATION_POLICY_ITEMS_API, SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import type autocannon from 'autocannon';
import {
  benchRuns,
  countsOf,
  freePort,
  load,
  medianRun,
  percentile,
  signIn,
  startChild,
  stopChild,
  tempDir,
  trustworthy,
  type Session,
} from './support';

const body = JSON.stringify({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });

/** The figures of an autocannon run, checked: throws when it measured nothing or more than 1% failed. */
function figuresOf(measure: string, result: autocannon.Result) {
  return trustworthy(
    measure,
    { reqPerSec: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx },
    countsOf(result),
  );
}

const path = NOTIFICATION_POLICY_ITEMS_API;
const commandHeaders = (session: Session) => ({
  'content-type': 'application/json',
  cookie: session.cookie,
  'x-csrf-token': session.csrf,
});

/** Creates a policy item and keeps its id in the connection's context for the removal that follows. */
const create = (session: Session): autocannon.Request => ({
  method: 'POST',
  path,
  headers: commandHeaders(session),
  body,
  onResponse: (status: number, answer: string, context: object) => {
    (context as { id?: string }).id =
      status === 201 ? (JSON.parse(answer) as { data: { id: string } }).data.id : undefined;
  },
});

/** Removes the item the connection created last (an id that does not exist when that failed: a non-2xx). */
const remove = (session: Session): autocannon.Request => ({
  method: 'DELETE',
  headers: commandHeaders(session),
  setupRequest: (request, context) => ({ ...request, path: `${path}/${(context as { id?: string }).id ?? 'none'}` }),
});

/** A signed-in member reading a view: the organization's policy items. */
const read = (session: Session): autocannon.Request => ({ method: 'GET', path, headers: { cookie: session.cookie } });

/**
 * Commands end to end over HTTP (each a real command, append, projection, read-your-write): every
 * connection creates a policy item and removes it again, two single-event commands. Creating without
 * end would grow one organization's policy to thousands of items, a shape no organization has and one
 * that measures the per-organization policy document instead of the command path.
 */
async function commandsPerSecond(url: string, session: Session, duration = 8) {
  const result = await load({ duration, url, requests: [create(session), remove(session)] });
  return figuresOf('the commands benchmark', result);
}

/** An authenticated GET of a view (the session looked up, the member's permissions, the read model, the JSON). */
async function readsPerSecond(url: string, session: Session, duration = 8) {
  const result = await load({ duration, url, requests: [read(session)] });
  return figuresOf('the authenticated reads benchmark', result);
}

/**
 * A member's everyday traffic: two reads for each command (read, create, read, read, remove, read on every
 * connection), with the p99 of all of them.
 */
async function mixedPerSecond(url: string, session: Session, duration = 8) {
  const result = await load({
    duration,
    url,
    requests: [read(session), create(session), read(session), read(session), remove(session), read(session)],
  });
  return figuresOf('the mixed traffic benchmark', result);
}

/**
 * Push latency: POST at a steady rate; time from sending to the view-changed notice on a socket. The created id is
 * read from each answer (it cannot be predicted: idempotency keys are scoped to their caller), and a notice may come
 * before the answer that names its id, so both are kept and paired at the end.
 */
async function pushLatency(url: string, session: Session, ratePerSec: number, durationMs: number) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: session.cookie } });
  await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
  /** When each created item's request was sent, by the id its answer named. */
  const sentAt = new Map<string, number>();
  /** The first notice naming each id. */
  const noticedAt = new Map<string, number>();
  socket.on(SocketEvents.viewChanged, (notice: ViewChangedNotice) => {
    const now = performance.now();
    for (const id of notice.ids) if (!noticedAt.has(id)) noticedAt.set(id, now);
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(url);
  const total = Math.round((ratePerSec * durationMs) / 1000);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / ratePerSec;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    const request = http.request({
      agent,
      hostname,
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        // one key per request of every run: a key sent again would replay its answer, and push nothing
        'idempotency-key': `bench-${process.pid}-${start}-${i}`,
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        answered++;
        if (response.statusCode !== 201) {
          non2xx++;
          return;
        }
        sentAt.set((JSON.parse(text) as { data: { id: string } }).data.id, t0);
      });
    });
    request.on('error', () => errors++);
    request.end(body);
  }
  const unmatched = () => [...sentAt.keys()].filter((id) => !noticedAt.has(id)).length;
  const deadline = performance.now() + 5000;
  while ((answered + errors < total || unmatched() > 0) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  socket.disconnect();
  agent.destroy();
  const latencies = [...sentAt].flatMap(([id, t0]) => (noticedAt.has(id) ? [noticedAt.get(id)! - t0] : []));
  const sorted = latencies.sort((a, b) => a - b);
  const result = {
    rate: ratePerSec,
    sent: total,
    non2xx,
    errors,
    received: latencies.length,
    lost: sentAt.size - latencies.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
  // every push must come: one lost is a failure, not a figure
  if (result.lost > 0) throw new Error(`the push benchmark lost ${result.lost} pushes: ${JSON.stringify(result)}`);
  return trustworthy('the push benchmark', result, {
    sent: total,
    received: latencies.length,
    failed: non2xx + errors,
  });
}

/**
 * The framework's own floor: NestJS over Express with one route answering what the bare server answers, no
 * middleware, no session, no read model. What a request of ours costs above it is our work; what it costs below
 * bare HTTP is the framework's.
 */
const nestExpressHello = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module } = require('@nestjs/common');
class Hello { hello() { return { ok: true }; } }
Get('/')(Hello.prototype, 'hello', Object.getOwnPropertyDescriptor(Hello.prototype, 'hello'));
Controller()(Hello);
class App {}
Module({ controllers: [Hello] })(App);
NestFactory.create(App, { logger: false })
  .then((app) => app.listen(0, '127.0.0.1').then(() => console.log('ready ' + app.getHttpServer().address().port)));
`;

async function nestExpressFloor() {
  const { child, match } = await startChild(['-e', nestExpressHello], {}, /ready (\d+)/);
  try {
    const url = `http://127.0.0.1:${match[1]}/`;
    await load({ url, duration: 2 }); // warm-up, not measured
    return await medianRun(
      benchRuns(),
      async () => figuresOf('the NestJS over Express floor', await load({ url })),
      (r) => r.reqPerSec,
    );
  } finally {
    await stopChild(child);
  }
}

export async function benchHttp() {
  const floor = await nestExpressFloor();
  const port = await freePort();
  // the limit is counted on every request, as in production, but set above what one bench session sends
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('http'),
    LOG_LEVEL: 'warn',
    HEALTH_PUSH_INTERVAL_MS: '60000',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const { child } = await startChild(['apps/api/dist/main.js'], env, /Tocsin is running/);
  const url = `http://127.0.0.1:${port}`;
  try {
    const session = await signIn(url);
    await commandsPerSecond(url, session, 3); // warm-up: JIT and first allocations, not measured
    const runs = benchRuns();
    const commands = await medianRun(
      runs,
      () => commandsPerSecond(url, session),
      (r) => r.reqPerSec,
    );
    // a view of ten items, the size of a real organization's policy
    for (let i = 0; i < 10; i++)
      await fetch(`${url}${path}`, { method: 'POST', headers: commandHeaders(session), body });
    const reads = await medianRun(
      runs,
      () => readsPerSecond(url, session),
      (r) => r.reqPerSec,
    );
    const mixed = await medianRun(
      runs,
      () => mixedPerSecond(url, session),
      (r) => r.reqPerSec,
    );
    const push = await medianRun(
      runs,
      () => pushLatency(url, session, 500, 10_000),
      (r) => r.p99Ms,
    );
    return { floor, commands, reads, mixed, push };
  } finally {
    await stopChild(child);
  }
}
