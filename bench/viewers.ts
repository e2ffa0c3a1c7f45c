import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { RoomSocketEvents, SocketEvents, type RoomEvent, type RoomJoinAck } from '@tocsin/contracts';
import { startChild, tempDir } from './support';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's resident memory now (Linux), in bytes. */
export const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) * 1024 : NaN;
};

/** The CPU time the process has used so far (Linux, user + system), in seconds. */
export const cpuSecondsOf = (pid: number) => {
  // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * The time the process's main thread has waited for a CPU while ready to run (Linux schedstat), in seconds: what
 * other processes on the machine took from it.
 */
export const runQueueSecondsOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;

/** One embedded api for a bench, its own data folder (or another api's, to share its log) and no request limit. */
export async function startApi(name: string, dataDir = tempDir(name)) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HEALTH_PUSH_INTERVAL_MS: '60000',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const { child } = await startChild(['apps/api/dist/main.js'], env, /Tocsin is running/);
  return { child, url: `http://127.0.0.1:${port}`, dataDir };
}

/** A connected client in one room: when each room event first arrived, by log position, and what was wrong. */
export interface Viewer {
  room: string;
  /** The first arrival of each position, in the order they came. */
  times: number[];
  firstAt: Map<number, number>;
  /** Events of its room that came again (same position). */
  duplicates: number;
  /** Events of a room it never joined. */
  foreign: number;
}

/**
 * `perRoom` clients join each of `rooms`, each on its own connection as tabs are (one session among them: presence
 * is one person); every room event is timed on arrival and checked for its room and for a repeat. Shared by the
 * rooms benches. The sockets are pushed to `sockets` as they are made, for the caller to close.
 */
export async function connectViewers(
  url: string,
  session: { cookie: string },
  rooms: string[],
  perRoom: number,
  sockets: Socket[],
): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  const made: Socket[] = [];
  for (const room of rooms) {
    for (let i = 0; i < perRoom; i++) {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: { cookie: session.cookie },
      });
      sockets.push(socket);
      made.push(socket);
      const viewer: Viewer = { room, times: [], firstAt: new Map(), duplicates: 0, foreign: 0 };
      viewers.push(viewer);
      socket.on(RoomSocketEvents.event, (event: RoomEvent) => {
        const at = performance.now();
        if (event.room !== room) viewer.foreign++;
        else if (viewer.firstAt.has(event.position)) viewer.duplicates++;
        else {
          viewer.firstAt.set(event.position, at);
          viewer.times.push(at);
        }
      });
    }
  }
  await Promise.all(made.map((socket) => new Promise((resolve) => socket.once(SocketEvents.resync, resolve))));
  const joins = (await Promise.all(
    made.map((socket, i) => socket.emitWithAck(RoomSocketEvents.join, { room: viewers[i]!.room })),
  )) as RoomJoinAck[];
  const refused = joins.filter((ack) => !ack.ok).length;
  if (refused > 0) throw new Error(`${refused} of ${made.length} clients were refused their room`);
  return viewers;
}
