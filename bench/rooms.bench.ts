import type { Socket } from 'socket.io-client';
import { roomName } from '@tocsin/contracts';
import { alertmanager, api } from './signals.bench';
import { percentile, signIn, stopChild } from './support';
import { connectViewers, pause, rssOf, startApi } from './viewers';

/**
 * Live rooms (issue 21): N Socket.IO clients in one alert's room on one api (embedded). Each round sends the
 * alert again to its ingest URL (one event on the alert's stream) and times, for every client, the room event's
 * arrival after the send: per delivery, and to the last client of the round ("every client has it"). Memory per
 * connected client is the api's RSS growth from before the clients connected to after all joined, over N.
 * `BENCH_ROOM_CLIENTS` (200), `BENCH_ROOM_ROUNDS` (50).
 */
export async function benchRooms() {
  const clients = Number(process.env.BENCH_ROOM_CLIENTS ?? 200);
  const rounds = Number(process.env.BENCH_ROOM_ROUNDS ?? 50);
  const { child, url } = await startApi('rooms');
  const sockets: Socket[] = [];
  try {
    const session = await signIn(url);
    const team = (await api(url, session, 'POST', '/api/v1/teams', { name: 'Bench rooms' })).id as string;
    const { token } = (await api(url, session, 'POST', '/api/v1/signals/event_sources', {
      name: 'Bench rooms',
      format: 'alertmanager',
      team_id: team,
      escalation_policy_id: null,
      rate_limit_per_minute: 100_000,
    })) as { token: string };
    const ingest = async () => {
      const response = await fetch(`${url}/ingest/${token}/alertmanager`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: alertmanager(['room-bench']),
      });
      if (!response.ok) throw new Error(`ingest: ${response.status} ${await response.text()}`);
    };
    await ingest();
    await pause(200);
    const alerts = (await (
      await fetch(`${url}/api/v1/signals/alerts`, { headers: { cookie: session.cookie } })
    ).json()) as { data: Array<{ id: string }> };
    const alertId = alerts.data[0]?.id;
    if (!alertId) throw new Error('the bench alert was not created');
    const room = roomName('alert', alertId);

    return await measureRoom({ url, session, pid: child.pid!, room, act: ingest, clients, rounds, sockets });
  } finally {
    for (const socket of sockets) socket.disconnect();
    await stopChild(child);
  }
}

interface RoomRun {
  url: string;
  session: { cookie: string };
  pid: number;
  room: string;
  /** One command whose event the room pushes (the timer starts before it is sent). */
  act: () => Promise<void>;
  clients: number;
  rounds: number;
  /** Filled with the clients' sockets, for the caller to close. */
  sockets: Socket[];
}

/**
 * N clients join `room`; each round times `act` to the room event's arrival at every client, and memory per
 * connected client is the api's RSS growth over N. Shared by the alert room (rooms) and the incident room (incidents).
 */
async function measureRoom({ url, session, pid, room, act, clients, rounds, sockets }: RoomRun) {
  await pause(500);
  const rssBefore = rssOf(pid);
  const viewers = await connectViewers(url, session, [room], clients, sockets);
  await pause(1000);
  const rssAfter = rssOf(pid);

  const perDelivery: number[] = [];
  const toEveryClient: number[] = [];
  const answered: number[] = [];
  let missing = 0;
  for (let round = 0; round < rounds; round++) {
    const seen = viewers.map((v) => v.times.length);
    const sentAt = performance.now();
    await act();
    answered.push(performance.now() - sentAt);
    const deadline = performance.now() + 5000;
    while (viewers.some((v, i) => v.times.length <= seen[i]!) && performance.now() < deadline) await pause(2);
    let last = 0;
    for (let i = 0; i < clients; i++) {
      const at = viewers[i]!.times[seen[i]!];
      if (at === undefined) {
        missing++;
        continue;
      }
      perDelivery.push(at - sentAt);
      last = Math.max(last, at - sentAt);
    }
    if (last > 0) toEveryClient.push(last);
    await pause(20);
  }
  perDelivery.sort((a, b) => a - b);
  toEveryClient.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  const result = {
    clients,
    rounds,
    received: perDelivery.length,
    expected: clients * rounds,
    missing,
    duplicates: viewers.reduce((sum, v) => sum + v.duplicates, 0),
    foreign: viewers.reduce((sum, v) => sum + v.foreign, 0),
    deliveryP50Ms: percentile(perDelivery, 50),
    deliveryP99Ms: percentile(perDelivery, 99),
    everyClientP50Ms: percentile(toEveryClient, 50),
    everyClientP99Ms: percentile(toEveryClient, 99),
    /** The ingest's own answer (the event appended): the part of the latency before the room's push. */
    ingestP99Ms: percentile(answered, 99),
    rssBeforeMb: rssBefore / 2 ** 20,
    rssAfterMb: rssAfter / 2 ** 20,
    bytesPerClient: (rssAfter - rssBefore) / clients,
  };
  // a run that measured nothing is a failure, never a row of n/a
  if (result.received === 0 || !Number.isFinite(result.everyClientP99Ms) || !Number.isFinite(result.bytesPerClient))
    throw new Error(`the rooms bench measured nothing: ${JSON.stringify(result)}`);
  if (result.duplicates > 0 || result.foreign > 0)
    throw new Error(`a room event came twice or to another room: ${JSON.stringify(result)}`);
  return result;
}

/**
 * The live incident room (issue 21): N clients in one incident's room; each round posts a note (the command) and
 * times its room event to every client. `BENCH_INCIDENT_CLIENTS` (1,000), `BENCH_ROOM_ROUNDS` (50).
 */
export async function benchIncidentRoom() {
  const clients = Number(process.env.BENCH_INCIDENT_CLIENTS ?? 1000);
  const rounds = Number(process.env.BENCH_ROOM_ROUNDS ?? 50);
  const { child, url } = await startApi('incident-room');
  const sockets: Socket[] = [];
  try {
    const session = await signIn(url);
    const incident = (await api(url, session, 'POST', '/api/v1/incidents', { name: 'Bench room' })) as { id: string };
    let note = 0;
    const act = async () => {
      await api(url, session, 'POST', `/api/v1/incidents/${incident.id}/notes`, { body: `Note ${++note}` });
    };
    const room = roomName('incident', incident.id);
    return await measureRoom({ url, session, pid: child.pid!, room, act, clients, rounds, sockets });
  } finally {
    for (const socket of sockets) socket.disconnect();
    await stopChild(child);
  }
}

/**
 * Stepping through an incident's past (issue 21): an incident with `BENCH_STEP_EVENTS` (10,000) notes, then the
 * incident as of positions spread over its whole history (`GET .../as_of?position=`), as the history page asks
 * for each step: the time to show any step, p50 and p99 over `BENCH_STEP_SAMPLES` (100) steps.
 */
export async function benchIncidentSteps() {
  const events = Number(process.env.BENCH_STEP_EVENTS ?? 10_000);
  const samples = Number(process.env.BENCH_STEP_SAMPLES ?? 100);
  const { child, url } = await startApi('incident-steps');
  try {
    const session = await signIn(url);
    const incident = (await api(url, session, 'POST', '/api/v1/incidents', { name: 'Bench steps' })) as { id: string };
    const positions: number[] = [];
    const writeStart = performance.now();
    for (let sent = 0; sent < events; sent += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, events - sent) }, (_, i) =>
          api(url, session, 'POST', `/api/v1/incidents/${incident.id}/notes`, { body: `Step ${sent + i}` }),
        ),
      );
      for (const answer of batch) {
        const position = (answer as { position?: unknown }).position;
        if (typeof position === 'number') positions.push(position);
      }
    }
    const writeSeconds = (performance.now() - writeStart) / 1000;
    if (positions.length === 0) throw new Error('the notes answered no log position');
    positions.sort((a, b) => a - b);
    const timings: number[] = [];
    for (let i = 0; i < samples; i++) {
      const position = positions[Math.floor(((i + 0.5) / samples) * positions.length)]!;
      const start = performance.now();
      const response = await fetch(`${url}/api/v1/incidents/${incident.id}/as_of?position=${position}`, {
        headers: { cookie: session.cookie },
      });
      if (!response.ok) throw new Error(`as_of: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    const result = {
      events: positions.length,
      writeSeconds,
      samples: timings.length,
      stepP50Ms: percentile(timings, 50),
      stepP99Ms: percentile(timings, 99),
    };
    if (!Number.isFinite(result.stepP99Ms) || result.samples === 0)
      throw new Error(`the step-through bench measured nothing: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await stopChild(child);
  }
}
