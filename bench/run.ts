import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchApiKeyRevocation } from './api-keys.bench';
import { measureBaselines } from './baselines';
import { benchEventStore } from './event-store.bench';
import { benchHttp } from './http.bench';
import { benchIncidentRooms } from './incident-rooms.bench';
import { benchNotifications } from './notifications.bench';
import { benchProductionShape } from './production.bench';
import { benchIncidentRoom, benchIncidentSteps, benchRooms } from './rooms.bench';
import { benchSignals } from './signals.bench';
import { benchSignalsTenants } from './signals-tenants.bench';
import { benchTraces } from './traces.bench';
import { benchHeartbeats, benchSchedules } from './schedules.bench';

/** `npm run bench`: every figure beside the physical baseline measured in the same run. */
async function main() {
  const only = process.argv[2];
  const out = join(__dirname, 'results');
  mkdirSync(out, { recursive: true });
  console.log('measuring baselines...');
  const baselines = await measureBaselines();
  const results: Record<string, unknown> = {
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    baselines,
  };
  if (!only || only === 'store') {
    console.log('event store and replay...');
    results.eventStore = await benchEventStore();
  }
  if (!only || only === 'http') {
    console.log('commands over HTTP and push latency...');
    results.http = await benchHttp();
  }
  if (!only || only === 'notifications') {
    console.log('notification policy over 10,000 users...');
    results.notifications = await benchNotifications();
  }
  if (!only || only === 'signals') {
    console.log('signals: Alertmanager ingest, ingest -> first page, memory over the run...');
    results.signals = await benchSignals();
  }
  if (!only || only === 'signals' || only === 'tenants') {
    console.log("signals: a second tenant's ingest -> first page during another's storms...");
    results.tenants = await benchSignalsTenants();
  }
  if (!only || only === 'production') {
    console.log(
      'ingest -> first page in the production shape (api, worker, projector; BullMQ on Redis) beside embedded...',
    );
    results.production = await benchProductionShape();
  }
  if (!only || only === 'traces') {
    console.log(
      'traces: ingest and ingest -> page latency with tracing off and on (exporting to a local collector)...',
    );
    results.traces = await benchTraces();
  }
  if (!only || only === 'schedules') {
    console.log('on-call schedules: the final schedule of 1,000 schedules over a month, who is on call now...');
    results.schedules = await benchSchedules();
    console.log('heartbeats: 10,000 checked each minute while alerts page...');
    results.heartbeats = await benchHeartbeats();
  }
  if (!only || only === 'rooms') {
    console.log('live rooms: N socket.io clients in one alert room, an event to every client, memory per client...');
    results.rooms = await benchRooms();
  }
  if (!only || only === 'incidents') {
    console.log(
      'incident room: N socket.io clients in one incident room, a note to every client, memory per client...',
    );
    results.incidentRoom = await benchIncidentRoom();
    console.log('incident rooms under load: 50 rooms of 20 viewers, 100 commands/s over them...');
    results.incidentRooms = await benchIncidentRooms();
    console.log('incident step-through: an incident with 10,000 events, the time to show any step...');
    results.incidentSteps = await benchIncidentSteps();
  }
  if (!only || only === 'keys') {
    console.log('API keys: a key revoked on one process, refused by another sharing the log...');
    results.apiKeys = await benchApiKeyRevocation();
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(out, `bench-${stamp}.json`), JSON.stringify(results, null, 2));
  const markdown = table(results);
  writeFileSync(join(out, 'latest.md'), markdown);
  writeFileSync(join(out, 'latest.json'), JSON.stringify(results, null, 2));
  console.log(markdown);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the results object is assembled above, shape by shape
function table(r: Record<string, any>): string {
  const b = r.baselines;
  const f = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
  const ratio = (x: number, base: number) => `${((x / base) * 100).toFixed(1)}%`;
  const rows = [
    [
      `bare Node HTTP (baseline; median of ${b.bareHttpRuns.length}: ${b.bareHttpRuns.map(f).join(', ')})`,
      `${f(b.bareHttpReqPerSec)} req/s`,
      '',
      '',
    ],
    ['raw SQLite batched inserts (baseline)', `${f(b.batchedInsertsPerSec)} rows/s`, '', ''],
    ['raw SQLite fsync per commit (baseline)', `${f(b.fsyncCommitsPerSec)} commits/s`, '', ''],
  ];
  if (r.eventStore) {
    const e = r.eventStore;
    rows.push([
      'append, one event awaited at a time',
      `${f(e.sequentialAppendsPerSec)} events/s`,
      ratio(e.sequentialAppendsPerSec, b.fsyncCommitsPerSec) + ' of fsync/commit',
      '',
    ]);
    rows.push([
      'append, 256 concurrent single-event appends',
      `${f(e.concurrentSingleAppendsPerSec)} events/s`,
      ratio(e.concurrentSingleAppendsPerSec, b.fsyncCommitsPerSec) + ' of fsync/commit',
      '',
    ]);
    rows.push([
      "the log's table and indexes, rows inserted directly in transactions of 1,000 (no store code)",
      `${f(e.schemaBatchedInsertsPerSec)} rows/s`,
      ratio(e.schemaBatchedInsertsPerSec, b.batchedInsertsPerSec) + ' of raw batched',
      '',
    ]);
    rows.push([
      'append, batches of 1,000',
      `${f(e.batchedEventsPerSec)} events/s`,
      ratio(e.batchedEventsPerSec, b.batchedInsertsPerSec) + ' of raw batched',
      '>= 25% of raw batched',
    ]);
    rows.push([
      `replay ${f(e.replayEvents)} events into all views`,
      `${f(e.replayEventsPerSec)} events/s`,
      ratio(e.replayEventsPerSec, b.batchedInsertsPerSec) + ' of raw batched',
      '>= 40% of raw batched',
    ]);
  }
  if (r.http) {
    const { floor, commands, reads, mixed, push } = r.http;
    const runs = (m: { runs: number[] }) => `median of ${m.runs.length}: ${m.runs.map(f).join(', ')}`;
    rows.push([
      `NestJS over Express, one route, nothing else (the framework's floor; ${runs(floor)})`,
      `${f(floor.reqPerSec)} req/s, p99 ${floor.p99Ms.toFixed(0)} ms`,
      ratio(floor.reqPerSec, b.bareHttpReqPerSec) + ' of bare HTTP',
      '',
    ]);
    rows.push([
      `commands over HTTP (create, then remove, a policy item; 64 connections; ${runs(commands)})`,
      `${f(commands.reqPerSec)} req/s, p99 ${commands.p99Ms.toFixed(0)} ms (non-2xx ${commands.non2xx})`,
      ratio(commands.reqPerSec, b.bareHttpReqPerSec) + ' of bare HTTP',
      '>= 12% of bare',
    ]);
    rows.push([
      `authenticated GET of a view (ten policy items; ${runs(reads)})`,
      `${f(reads.reqPerSec)} req/s, p99 ${reads.p99Ms.toFixed(0)} ms (non-2xx ${reads.non2xx})`,
      ratio(reads.reqPerSec, b.bareHttpReqPerSec) + ' of bare HTTP',
      '>= 25% of bare',
    ]);
    rows.push([
      `a member's mixed traffic, 2 reads : 1 command (${runs(mixed)})`,
      `${f(mixed.reqPerSec)} req/s, p99 ${mixed.p99Ms.toFixed(0)} ms (non-2xx ${mixed.non2xx})`,
      ratio(mixed.reqPerSec, b.bareHttpReqPerSec) + ' of bare HTTP',
      '>= 15% of bare, p99 < 50 ms',
    ]);
    rows.push([
      `command -> projection -> socket push at ${push.rate}/s (median p99 of ${push.runs.length}: ${push.runs.map((x: number) => x.toFixed(1)).join(', ')} ms)`,
      `p50 ${push.p50Ms.toFixed(1)} ms, p99 ${push.p99Ms.toFixed(1)} ms (${push.received}/${push.sent} received)`,
      '',
      'p99 < 20 ms, every push received',
    ]);
  }
  if (r.notifications) {
    const { users, policyChange, live, matchAll } = r.notifications;
    rows.push([`policy change -> ${f(users)} compliance views folded`, `${f(policyChange.viewMs)} ms`, '', '']);
    rows.push([
      `policy change -> all ${f(users)} compliance answers reflect it`,
      `${f(policyChange.allAnswersMs)} ms`,
      '',
      '< 5,000 ms',
    ]);
    rows.push([
      `policy change -> ${live.pages} open preferences pages show it (notice, then compliance GET; ${live.changes} changes)`,
      `p50 ${live.p50Ms.toFixed(1)} ms, p99 ${live.p99Ms.toFixed(1)} ms, max ${live.maxMs.toFixed(1)} ms (${live.samples} page updates)`,
      '',
      '< 1,000 ms',
    ]);
    rows.push([
      `match & update all, organization of ${f(matchAll.report.users_total)} members`,
      `${matchAll.seconds.toFixed(1)} s (${f(matchAll.usersPerSec)} users/s, ${f(matchAll.report.updated)} updated, ${f(matchAll.report.created)} created)`,
      '',
      '< 60 s',
    ]);
  }
  if (r.signals) {
    const { ingest, latency, memory } = r.signals;
    rows.push([
      `Alertmanager ingest, groups of 10 over 2,000 fingerprints (dedup), 32 connections (alerts/s, median of ${ingest.runs.length}: ${ingest.runs.map(f).join(', ')})`,
      `${f(ingest.alertsPerSec)} alerts/s (${f(ingest.payloadsPerSec)} payloads/s, non-2xx ${ingest.non2xx})`,
      `${ratio(ingest.alertsPerSec, b.bareHttpReqPerSec)} of bare HTTP in alerts (${ratio(ingest.payloadsPerSec, b.bareHttpReqPerSec)} in payloads)`,
      '10,000 alerts/s or >= 20% of bare (in alerts)',
    ]);
    rows.push([
      `ingest -> first "Immediately" page at the adapter, ${latency.rate} alerts/s for ${latency.seconds} s`,
      `p50 ${latency.p50Ms.toFixed(1)} ms, p99 ${latency.p99Ms.toFixed(1)} ms, max ${latency.maxMs.toFixed(1)} ms (${latency.paged}/${latency.sent} paged)`,
      '',
      'p99 < 50 ms',
    ]);
    const mem = latency.memory as Array<{ s: number; rssMb: number }>;
    rows.push([
      `api memory (RSS), ${f(memory.alertsPerSec)} deduplicated alerts/s for ${f(memory.seconds)} s`,
      `first minute ${memory.firstMinuteMb.toFixed(0)} MB, last minute ${memory.lastMinuteMb.toFixed(0)} MB (max ${memory.maxMb.toFixed(0)} MB, non-2xx ${memory.non2xx}${memory.non2xx ? `: ${JSON.stringify(memory.others)}` : ''})`,
      ratio(memory.lastMinuteMb, memory.firstMinuteMb) + ' of the first minute',
      'flat',
    ]);
    rows.push([
      `api memory (RSS) over the paging run (every alert new: the embedded read models keep them)`,
      mem.length
        ? `${mem[0].rssMb.toFixed(0)} MB at ${mem[0].s} s -> ${mem.at(-1)!.rssMb.toFixed(0)} MB at ${mem.at(-1)!.s} s (max ${Math.max(...mem.map((m) => m.rssMb)).toFixed(0)} MB)`
        : 'n/a',
      '',
      '',
    ]);
  }
  if (r.tenants) {
    const t = r.tenants;
    const p99 = (m: { p99Ms: number; p99MinMs: number; p99MaxMs: number; answerP99Ms: number }) =>
      `B's p99 ${m.p99Ms.toFixed(1)} ms (${m.p99MinMs.toFixed(1)} to ${m.p99MaxMs.toFixed(1)}; its 202 p99 ${m.answerP99Ms.toFixed(1)} ms)`;
    const rounds = `median of ${t.rounds} runs of ${t.seconds} s, B sends ${t.bRate} new alerts/s`;
    rows.push([`tenant B's ingest -> first page, A quiet (${rounds})`, p99(t.quiet), '', '']);
    rows.push([
      `... while A sends ${t.aNewRate} new alerts/s, each paging`,
      `${p99(t.newAlerts)}, A ${f(t.newAlerts.aPerSec)} accepted/s`,
      `${t.newAlerts.ratio.toFixed(2)}x quiet`,
      '<= 2x',
    ]);
    rows.push([
      '... while A repeats one auto-resolving alert as fast as it can',
      `${p99(t.repeats)}, A ${f(t.repeats.aPerSec)} accepted/s`,
      `${t.repeats.ratio.toFixed(2)}x quiet`,
      "<= 2x; B's p99 < 100 ms",
    ]);
  }
  if (r.production) {
    const p = r.production;
    const shape = (m: typeof p.embedded) =>
      `p50 ${m.p50Ms.toFixed(1)} ms, p99 ${m.p99Ms.toFixed(1)} ms (runs' p99 ${m.p99Runs.map((x: number) => x.toFixed(1)).join(', ')}; ${m.paged}/${m.sent} paged)`;
    rows.push([
      `ingest -> first page, embedded (one process), ${p.rate} alerts/s, median of ${p.embedded.p99Runs.length} runs of ${p.seconds} s`,
      shape(p.embedded),
      '',
      'p99 < 50 ms',
    ]);
    rows.push([
      '... production shape: api, worker and projector processes, jobs on BullMQ in Redis, the same runs alternated',
      shape(p.production),
      `${(p.production.p99Ms / p.embedded.p99Ms).toFixed(2)}x embedded p99`,
      'measured and reported',
    ]);
  }
  if (r.traces) {
    const t = r.traces;
    const ms = (m: {
      ingestP50Ms: number;
      ingestP99Ms: number;
      pageP50Ms: number;
      pageP99Ms: number;
      cpuMsPerAlert: number;
      waitedShare: number;
    }) =>
      `202 p50 ${m.ingestP50Ms.toFixed(1)} ms, p99 ${m.ingestP99Ms.toFixed(1)} ms; page p50 ${m.pageP50Ms.toFixed(1)} ms, p99 ${m.pageP99Ms.toFixed(1)} ms; ${m.cpuMsPerAlert.toFixed(2)} ms CPU an alert (waited for a core ${(m.waitedShare * 100).toFixed(0)}%)`;
    const how = `median of ${t.rounds} runs of ${t.seconds} s at ${t.rate} new alerts/s, each paging`;
    rows.push([`ingest and ingest -> page, tracing off (${how})`, ms(t.off), '', '']);
    rows.push([
      `... tracing on, every span exported to a local OTLP collector (${f(t.spansExported)} spans)`,
      ms(t.on),
      `202 p50 ${t.ratio.ingestP50.toFixed(2)}x, p99 ${t.ratio.ingestP99.toFixed(2)}x; page p50 ${t.ratio.pageP50.toFixed(2)}x, p99 ${t.ratio.pageP99.toFixed(2)}x; CPU ${t.ratio.cpuPerAlert.toFixed(2)}x off`,
      '',
    ]);
  }
  if (r.schedules) {
    const s = r.schedules;
    rows.push([
      `final schedule of ${f(s.schedules)} schedules (3 layers, 20 overrides each) over 30 days (median of ${s.rounds})`,
      `${s.month.ms.toFixed(0)} ms (${(s.month.ms / s.schedules).toFixed(2)} ms a schedule; ${f(s.month.finalShifts)} final stretches, ${f(s.month.layerShifts)} layer shifts, ${s.month.heldMb.toFixed(0)} MB held)`,
      '',
      '',
    ]);
    rows.push([
      `who is on call now, all ${f(s.schedules)} schedules`,
      `${s.now.ms.toFixed(0)} ms (${f(s.now.onCall)} with someone on call; RSS ${s.rssMb.toFixed(0)} MB)`,
      '',
      '',
    ]);
  }
  if (r.heartbeats) {
    const h = r.heartbeats;
    const p = (m: { p50Ms: number; p99Ms: number; paged: number; sent: number }) =>
      `p50 ${m.p50Ms.toFixed(1)} ms, p99 ${m.p99Ms.toFixed(1)} ms (${m.paged}/${m.sent} paged)`;
    rows.push([
      `${f(h.heartbeats)} one-minute heartbeats made over the API`,
      `${h.createSeconds.toFixed(0)} s`,
      '',
      '',
    ]);
    rows.push([`ingest -> first page at 20 alerts/s, no heartbeats (30 s)`, p(h.quiet), '', '']);
    rows.push([
      `... while ${f(h.heartbeats)} heartbeats are pinged and checked each minute (${h.seconds} s, ${f(h.pingsPerSec)} pings/s, ${h.refused} refused, ${h.missedOfFirstPage} of the first 100 missed)`,
      `${p(h.during)}; RSS ${f(h.rssMb)} MB`,
      `${(h.during.p99Ms / h.quiet.p99Ms).toFixed(2)}x the quiet p99`,
      '',
    ]);
  }
  if (r.incidentRoom) {
    const m = r.incidentRoom;
    rows.push([
      `incident room of ${f(m.clients)} socket.io clients: a note's command -> its room event at every client (${m.rounds} rounds)`,
      `p50 ${m.everyClientP50Ms.toFixed(1)} ms, p99 ${m.everyClientP99Ms.toFixed(1)} ms (per delivery p99 ${m.deliveryP99Ms.toFixed(1)} ms, the command's answer p99 ${m.ingestP99Ms.toFixed(1)} ms; ${f(m.received)}/${f(m.expected)} received); ${(m.bytesPerClient / 1024).toFixed(1)} KB per viewer`,
      '',
      'p99 < 200 ms (aim 50 ms) at 1,000 clients',
    ]);
  }
  if (r.incidentRooms) {
    const m = r.incidentRooms;
    rows.push([
      `${m.rooms} incident rooms of ${m.viewersPerRoom} viewers (${f(m.sockets)} sockets), notes and milestones at ${m.targetRate}/s for ${m.seconds} s: a command's send -> its event at every viewer of its room`,
      `p50 ${m.everyViewerP50Ms.toFixed(1)} ms, p99 ${m.everyViewerP99Ms.toFixed(1)} ms, max ${m.everyViewerMaxMs.toFixed(1)} ms (answer p99 ${m.answerP99Ms.toFixed(1)} ms; ${m.achievedRate.toFixed(1)} commands/s, ${m.failed} failed, ${f(m.received)}/${f(m.expected)} received, ${m.missedEvents} missed, ${m.duplicates} twice); api ${m.apiCores.toFixed(2)} cores (${m.apiCpuMsPerCommand.toFixed(1)} ms CPU a command; waited for a core ${(m.apiRunQueueShare * 100).toFixed(0)}% of the run), clients ${m.benchCores.toFixed(2)} cores of ${m.machineCores}, load ${m.loadAverage.toFixed(1)}`,
      '',
      'every event once at every viewer; rate within 10%',
    ]);
  }
  if (r.apiKeys) {
    const m = r.apiKeys;
    rows.push([
      `API key revoked on one process -> refused by another sharing the log (${m.refused}/${m.keys} keys)`,
      `p50 ${m.p50Ms.toFixed(1)} ms, p99 ${m.p99Ms.toFixed(1)} ms, max ${m.maxMs.toFixed(1)} ms`,
      '',
      '',
    ]);
  }
  if (r.incidentSteps) {
    const m = r.incidentSteps;
    rows.push([
      `step through an incident of ${f(m.events)} events: the incident as of a step (${m.samples} steps over its history)`,
      `p50 ${m.stepP50Ms.toFixed(1)} ms, p99 ${m.stepP99Ms.toFixed(1)} ms (the events written in ${m.writeSeconds.toFixed(0)} s)`,
      '',
      '',
    ]);
  }
  if (r.rooms) {
    const m = r.rooms;
    rows.push([
      `live room of ${f(m.clients)} socket.io clients: alert sent again -> its room event at every client (${m.rounds} rounds)`,
      `p50 ${m.everyClientP50Ms.toFixed(1)} ms, p99 ${m.everyClientP99Ms.toFixed(1)} ms (per delivery p99 ${m.deliveryP99Ms.toFixed(1)} ms, the ingest's answer p99 ${m.ingestP99Ms.toFixed(1)} ms; ${f(m.received)}/${f(m.expected)} received)`,
      '',
      'p99 < 200 ms (aim 50 ms) at 1,000 clients',
    ]);
    rows.push([
      `api memory per connected viewer (RSS growth over ${f(m.clients)} joined clients)`,
      `${(m.bytesPerClient / 1024).toFixed(1)} KB (${m.rssBeforeMb.toFixed(0)} -> ${m.rssAfterMb.toFixed(0)} MB)`,
      '',
      '',
    ]);
  }
  return (
    [
      '| measure | figure | vs baseline | target |',
      '| --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n') + '\n'
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
