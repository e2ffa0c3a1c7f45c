import { cpus, loadavg } from 'node:os';
import type { Socket } from 'socket.io-client';
import { incidentMilestonePath, incidentNotesPath, INCIDENTS_API, roomName } from '@tocsin/contracts';
import { api } from './signals.bench';
import { percentile, signIn, stopChild } from './support';
import { connectViewers, cpuSecondsOf, pause, rssOf, runQueueSecondsOf, startApi, type Viewer } from './viewers';

interface Command {
  room: number;
  dueAt: number;
  sentAt?: number;
  answeredAt?: number;
  /** The incident's position in the answer: with one command of a room at a time, this command's event. */
  position?: number;
  failed?: string;
}

/**
 * Many incident rooms under a steady load (issue 21): `BENCH_ROOMS` (50) incidents with `BENCH_ROOM_VIEWERS` (20)
 * viewers each, and commands (notes; every fifth round over the rooms, a milestone) due at `BENCH_COMMAND_RATE`
 * (100/s) over the rooms in turn for `BENCH_LOAD_SECONDS` (30). A room's commands go one after another (as one
 * person types), so the incident's position in a command's answer names its event; per command, the time from its
 * send to the last viewer of its room having that event. Fails on a failed command, an event missed, seen twice or
 * in another room, a rate more than 10% short of the target, or a run that measured nothing.
 */
export async function benchIncidentRooms() {
  const roomCount = Number(process.env.BENCH_ROOMS ?? 50);
  const perRoom = Number(process.env.BENCH_ROOM_VIEWERS ?? 20);
  const rate = Number(process.env.BENCH_COMMAND_RATE ?? 100);
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
  const { child, url } = await startApi('incident-rooms');
  const sockets: Socket[] = [];
  try {
    const session = await signIn(url);
    const ids: string[] = [];
    for (let i = 0; i < roomCount; i++)
      ids.push((await api(url, session, 'POST', INCIDENTS_API, { name: `Bench room ${i}` })).id as string);
    const rooms = ids.map((id) => roomName('incident', id));
    const viewers = await connectViewers(url, session, rooms, perRoom, sockets);
    await pause(1000);

    const send = async (command: Command, round: number) => {
      const id = ids[command.room]!;
      command.sentAt = performance.now();
      try {
        const incident =
          round % 5 === 4
            ? await api(url, session, 'PUT', incidentMilestonePath(id, 'acknowledged'), {
                at: new Date().toISOString(),
              })
            : await api(url, session, 'POST', incidentNotesPath(id), { body: `Note ${round}` });
        command.answeredAt = performance.now();
        command.position = incident.position as number;
      } catch (error) {
        command.failed = (error as Error).message.slice(0, 300);
      }
    };
    const commands: Command[] = [];
    const inTurn = rooms.map(() => Promise.resolve());
    const pid = child.pid!;
    const cpuBefore = { api: cpuSecondsOf(pid), waited: runQueueSecondsOf(pid), bench: process.cpuUsage() };
    const start = performance.now();
    for (let i = 0; i < Math.round(rate * seconds); i++) {
      const command: Command = { room: i % roomCount, dueAt: start + (i * 1000) / rate };
      commands.push(command);
      const wait = command.dueAt - performance.now();
      if (wait > 0) await pause(wait);
      const round = Math.floor(i / roomCount);
      inTurn[command.room] = inTurn[command.room]!.then(() => send(command, round));
    }
    await Promise.all(inTurn);
    const elapsed = (performance.now() - start) / 1000;
    const cpu = {
      api: cpuSecondsOf(pid) - cpuBefore.api,
      waited: runQueueSecondsOf(pid) - cpuBefore.waited,
      bench: process.cpuUsage(cpuBefore.bench),
    };

    const answered = commands.filter((c) => c.position !== undefined);
    const expected = rooms.map(() => new Set<number>());
    for (const c of answered) expected[c.room]!.add(c.position!);
    const ofRoom = rooms.map((room) => viewers.filter((v) => v.room === room));
    const has = (v: Viewer, i: number) => [...expected[i]!].every((p) => v.firstAt.has(p));
    const deadline = performance.now() + 5000;
    while (ofRoom.some((vs, i) => vs.some((v) => !has(v, i))) && performance.now() < deadline) await pause(20);

    const toEveryViewer: number[] = [];
    const perDelivery: number[] = [];
    for (const c of answered) {
      let last = 0;
      for (const v of ofRoom[c.room]!) {
        const at = v.firstAt.get(c.position!);
        if (at === undefined) continue;
        perDelivery.push(at - c.sentAt!);
        last = Math.max(last, at - c.sentAt!);
      }
      toEveryViewer.push(last);
    }
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    sorted(toEveryViewer);
    sorted(perDelivery);
    const answers = sorted(answered.map((c) => c.answeredAt! - c.sentAt!));
    const late = sorted(commands.map((c) => (c.sentAt ?? Infinity) - c.dueAt));
    const missed = viewers.map((v) => {
      const room = rooms.indexOf(v.room);
      return [...expected[room]!].filter((p) => !v.firstAt.has(p)).length;
    });
    const failures = commands.filter((c) => c.failed);
    const result = {
      rooms: roomCount,
      viewersPerRoom: perRoom,
      sockets: viewers.length,
      targetRate: rate,
      seconds,
      commands: commands.length,
      failed: failures.length,
      firstFailures: failures.slice(0, 3).map((c) => c.failed),
      achievedRate: answered.length / elapsed,
      received: perDelivery.length,
      expected: answered.length * perRoom,
      missedEvents: missed.reduce((a, b) => a + b, 0),
      viewersMissing: missed.filter((m) => m > 0).length,
      duplicates: viewers.reduce((sum, v) => sum + v.duplicates, 0),
      foreign: viewers.reduce((sum, v) => sum + v.foreign, 0),
      everyViewerP50Ms: percentile(toEveryViewer, 50),
      everyViewerP99Ms: percentile(toEveryViewer, 99),
      everyViewerMaxMs: toEveryViewer.at(-1) ?? NaN,
      deliveryP50Ms: percentile(perDelivery, 50),
      answerP50Ms: percentile(answers, 50),
      answerP99Ms: percentile(answers, 99),
      /** How long after its due time a command went out (its room's previous one was still unanswered). */
      sendLateP99Ms: percentile(late, 99),
      /** CPU used over the load, in cores: the api process, and this process (the 1,000 clients) beside it. */
      apiCores: cpu.api / elapsed,
      benchCores: (cpu.bench.user + cpu.bench.system) / 1e6 / elapsed,
      /** The api's CPU time per command answered (its JS thread is one core: 1,000 / this is its ceiling a second). */
      apiCpuMsPerCommand: (cpu.api * 1000) / answered.length,
      /** The share of the run the api's JS thread was ready but waiting for a core other processes held. */
      apiRunQueueShare: cpu.waited / elapsed,
      machineCores: cpus().length,
      loadAverage: loadavg()[0]!,
      apiRssMb: rssOf(pid) / 2 ** 20,
    };
    if (result.received === 0 || !Number.isFinite(result.everyViewerP99Ms) || !Number.isFinite(result.apiCores))
      throw new Error(`the incident rooms bench measured nothing: ${JSON.stringify(result)}`);
    const wrong = [
      result.failed > 0 && `${result.failed} commands failed`,
      result.missedEvents > 0 && `${result.missedEvents} events missed by ${result.viewersMissing} viewers`,
      result.duplicates > 0 && `${result.duplicates} events came twice`,
      result.foreign > 0 && `${result.foreign} events came to a viewer of another room`,
      result.achievedRate < rate * 0.9 && `${result.achievedRate.toFixed(1)} commands/s, short of ${rate}/s`,
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(`the incident rooms bench: ${wrong.join('; ')}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await stopChild(child);
  }
}
