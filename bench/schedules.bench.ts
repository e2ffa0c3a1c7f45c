import {
  computeSchedule,
  onCallAt,
  type ScheduleDefinition,
  type ScheduleInput,
  type ScheduleOverride,
} from '@tocsin/domain';
import http from 'node:http';
import { api, gateway, pagedTeam, pageLatency, paced, signalsEnv } from './signals.bench';
import { freePort, median, signIn, startChild, stopChild } from './support';

/**
 * `npm run bench -- schedules` (issue 20): the one pure computation of who is on call, at the scale of a large
 * organization: 1,000 schedules of 3 layers each (a weekly rotation, a follow-the-sun daily layer restricted to
 * office hours, a weekend layer), 20 overrides each over the month, in zones with and without daylight saving;
 * the final schedule of all of them over a month, and who is on call now for all of them. Rounds: medians.
 */
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 1000);
const OVERRIDES = 20;
const ROUNDS = 5;
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC', 'America/Chicago'];
const DAY = 86_400_000;

function schedule(n: number, monthStart: number): ScheduleInput {
  const people = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => [`${prefix}-${n}-${i}`]);
  const overrides: ScheduleOverride[] = Array.from({ length: OVERRIDES }, (_, i) => {
    const start = monthStart + ((i * 37 + n) % (29 * 24)) * 3_600_000;
    const kind = (['add', 'remove', 'replace'] as const)[i % 3];
    return {
      id: `o-${n}-${i}`,
      kind,
      start: new Date(start).toISOString(),
      end: new Date(start + ((i % 5) + 1) * 3 * 3_600_000).toISOString(),
      userId: kind === 'remove' ? null : `cover-${n}-${i % 4}`,
      replacesUserId: kind === 'add' ? null : `week-${n}-${i % 5}`,
    };
  });
  const definition: ScheduleDefinition = {
    timeZone: ZONES[n % ZONES.length],
    layers: [
      {
        id: 'weekly',
        name: 'Primary',
        endsAt: null,
        rotation: {
          slots: people('week', 5),
          shift: { unit: 'weeks', count: 1 },
          handoffTime: '09:00',
          startDate: '2026-01-05',
          restrictions: [],
        },
      },
      {
        id: 'office',
        name: 'Office hours',
        endsAt: null,
        rotation: {
          slots: people('day', 3),
          shift: { unit: 'days', count: 1 },
          handoffTime: '08:00',
          startDate: '2026-01-01',
          restrictions: [{ type: 'daily', startTime: '08:00', durationMinutes: 10 * 60 }],
        },
      },
      {
        id: 'weekend',
        name: 'Weekend',
        endsAt: null,
        rotation: {
          slots: people('weekend', 4),
          shift: { unit: 'days', count: 2 },
          handoffTime: '18:00',
          startDate: '2026-01-02',
          restrictions: [{ type: 'weekly', startDay: 5, startTime: '18:00', durationMinutes: 60 * 60 }],
        },
      },
    ],
    overrides,
    temporarySchedules: [],
  };
  return { versions: [{ from: '2026-01-01T00:00:00.000Z', definition }], removals: [] };
}

const heapMb = () => process.memoryUsage().heapUsed / 1e6;

export async function benchSchedules() {
  // a month across the US change of November (and Lord Howe's in October is outside: April's is in the data)
  const monthStart = Date.parse('2026-10-20T00:00:00Z');
  const window = { from: new Date(monthStart).toISOString(), to: new Date(monthStart + 30 * DAY).toISOString() };
  const inputs = Array.from({ length: SCHEDULES }, (_, n) => schedule(n, monthStart));
  const monthMs: number[] = [];
  const nowMs: number[] = [];
  let finalShifts = 0;
  let layerShifts = 0;
  let heldMb = 0;
  let onCall = 0;
  for (let round = 0; round < ROUNDS; round++) {
    global.gc?.();
    const before = heapMb();
    const t0 = performance.now();
    const computed = inputs.map((input) => computeSchedule(input, window));
    monthMs.push(performance.now() - t0);
    heldMb = heapMb() - before;
    finalShifts = computed.reduce((sum, c) => sum + c.final.length, 0);
    layerShifts = computed.reduce((sum, c) => sum + c.layers.length, 0);
    const instant = new Date(monthStart + 15 * DAY + round * 3_600_000).toISOString();
    const t1 = performance.now();
    onCall = inputs.filter((input) => (onCallAt(input, instant)?.userIds.length ?? 0) > 0).length;
    nowMs.push(performance.now() - t1);
  }
  if (!finalShifts || !Number.isFinite(median(monthMs))) throw new Error('schedules: computed nothing');
  if (!onCall) throw new Error('schedules: nobody on call in any schedule');
  return {
    schedules: SCHEDULES,
    rounds: ROUNDS,
    month: { ms: median(monthMs), minMs: Math.min(...monthMs), finalShifts, layerShifts, heldMb },
    now: { ms: median(nowMs), minMs: Math.min(...nowMs), onCall },
    rssMb: process.memoryUsage().rss / 1e6,
  };
}

const HEARTBEATS = Number(process.env.BENCH_HEARTBEATS ?? 10_000);
const HEARTBEAT_SECONDS = Number(process.env.BENCH_HEARTBEAT_SECONDS ?? 90);
const B_RATE = 20;

/**
 * 10,000 heartbeats of one minute, each pinged once a minute (spread over the minute) so each is checked every
 * minute, while another stream of alerts pages: its ingest -> first page p99 beside the same measure before the
 * heartbeats exist, in the same process. Fails when a heartbeat could not be made or nothing paged.
 */
export async function benchHeartbeats() {
  const pager = await gateway();
  const port = await freePort();
  const { child } = await startChild(['apps/api/dist/main.js'], signalsEnv(port, pager), /Tocsin is running/);
  const url = `http://127.0.0.1:${port}`;
  const pid = child.pid!;
  try {
    const session = await signIn(url);
    const team = await pagedTeam(url, session, '+14155550100');
    const path = `/ingest/${(await team.source('Pages', team.policy)).token}/alertmanager`;
    await pageLatency(url, path, pager.received, B_RATE, 3, pid, 'warm-up');
    const quiet = await pageLatency(url, path, pager.received, B_RATE, 30, pid, 'quiet');
    const t0 = performance.now();
    const tokens: string[] = [];
    const create = async (i: number) => {
      const made = (await api(url, session, 'POST', '/api/v1/signals/heartbeats', {
        name: `Job ${i}`,
        team_id: team.team,
        escalation_policy_id: team.policy,
        interval: 'PT1M',
        grace_period: 'PT1M',
      })) as { token?: string };
      if (made.token) tokens.push(made.token);
    };
    for (let i = 0; i < HEARTBEATS; i += 16)
      await Promise.all(Array.from({ length: Math.min(16, HEARTBEATS - i) }, (_, k) => create(i + k)));
    const createSeconds = (performance.now() - t0) / 1000;
    if (tokens.length !== HEARTBEATS) throw new Error(`heartbeats: ${tokens.length} of ${HEARTBEATS} made`);
    // each heartbeat pinged once a minute, spread evenly, for the measure's length
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    let pinged = 0;
    let refused = 0;
    const pings = paced(HEARTBEATS / 60, HEARTBEAT_SECONDS, pid, (i) => {
      const request = http.request({
        agent,
        host: '127.0.0.1',
        port,
        method: 'GET',
        path: `/heartbeats/${tokens[i % HEARTBEATS]}`,
      });
      request.on('response', (response) => {
        if (response.statusCode === 200 || response.statusCode === 202) pinged++;
        else refused++;
        response.resume();
      });
      request.on('error', () => refused++);
      request.end();
    });
    const during = await pageLatency(url, path, pager.received, B_RATE, HEARTBEAT_SECONDS, pid, 'heartbeats');
    await pings;
    agent.destroy();
    // the first page of the list (by name): none of the pinged heartbeats should show as missed
    const listed = (await api(url, session, 'GET', '/api/v1/signals/heartbeats?per_page=100')) as unknown as Array<{
      status: string;
    }>;
    if (!quiet.paged || !during.paged) throw new Error('heartbeats: nothing paged');
    if (!pinged) throw new Error('heartbeats: no ping was answered');
    return {
      heartbeats: HEARTBEATS,
      seconds: HEARTBEAT_SECONDS,
      createSeconds,
      pingsPerSec: pinged / HEARTBEAT_SECONDS,
      refused,
      missedOfFirstPage: listed.filter((h) => h.status === 'missed').length,
      quiet: { p50Ms: quiet.p50Ms, p99Ms: quiet.p99Ms, paged: quiet.paged, sent: quiet.sent },
      during: { p50Ms: during.p50Ms, p99Ms: during.p99Ms, paged: during.paged, sent: during.sent },
      rssMb: during.memory.at(-1)?.rssMb ?? NaN,
    };
  } finally {
    await stopChild(child);
    await pager.close();
  }
}
