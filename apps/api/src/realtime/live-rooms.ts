import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  parseRoomName,
  ROOM_LIMITS,
  roomName,
  RoomSocketEvents,
  type RoomAck,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomJoinAck,
  type RoomPersonNotice,
  type RoomPresence,
  type RoomViewer,
} from '@tocsin/contracts';
import type { RecordedEvent } from '@tocsin/domain';
import type { Subscription } from '@tocsin/platform';
import { usersView } from '@tocsin/read-models';
import type { Server, Socket } from 'socket.io';
import {
  EVENT_STORE,
  METRICS,
  READ_STORE,
  REDIS,
  type Metrics,
  type RedisConnection,
  type ReadStore,
} from '../runtime/ports';
import type { EventStore } from '@tocsin/platform';
import type { Identity } from '../sessions/identity.types';
import { MemoryPresenceStore, RedisPresenceStore, type PresenceRead, type PresenceStore } from './presence-store';
import { RoomKinds, type RoomKind } from './room-kinds';
import { SOCKET_AUTHENTICATOR, type SocketAuthenticator, type SocketIdentity } from './socket-auth';

/** The server's name of a room: scoped to the organization, never a name a client may subscribe to. */
const internalRoom = (orgId: string, kind: string, id: string) => `live:${orgId}:${kind}:${id}`;

/** What LiveRooms keeps on each socket. */
interface SocketRooms {
  /** Public name -> internal name, for the rooms the socket joined. */
  joined: Map<string, string>;
  viewer?: RoomViewer;
  window: { start: number; count: number };
}

const SIGNED_OUT = 'You are signed out. Sign in to continue.';

type Refused = { error: string };
type JoinCheck = { identity: Identity; kind: RoomKind; name: string; id: string; room: string; state: SocketRooms };
type Joined = { room: string; name: string; orgId: string; kindName: string; id: string };

/**
 * Live rooms of a resource (`room:{kind}:{id}`, kinds registered by areas in RoomKinds): presence, typing
 * and the resource's events as the log records them.
 *
 * - Presence lives in Redis when there is one (PresenceStore), each socket's entry pushed forward every
 *   `refreshMs` by the process holding the socket: a process that dies leaves entries that expire within
 *   `entryTtlMs`, and the next refresh of a live process in the room tells the room they left.
 * - Events: each process follows the log from its head and pushes an event to its own sockets of the rooms
 *   it belongs to (never through the adapter: every process follows the same log, so nothing arrives twice).
 *   Each event carries its log position; a client that reconnects asks for the room's events after the last
 *   position it saw (catch-up reads the room's streams from the event store).
 */
@Injectable()
export class LiveRooms implements OnApplicationBootstrap, OnModuleDestroy {
  static refreshMs = 10_000;
  static entryTtlMs = 30_000;

  private readonly logger = new Logger('live-rooms');
  private server?: Server;
  private readonly presence: PresenceStore;
  /** Internal room -> this process's sockets in it. */
  private readonly local = new Map<string, Map<string, Socket>>();
  private tail?: Subscription;
  /** The last log position this process has pushed (null: nothing yet, or not following). */
  private position: number | null = null;
  private refresher?: NodeJS.Timeout;
  /** Set when the app starts stopping: nothing more is broadcast (see `emit`). */
  private closing = false;
  /** Areas register their kinds at module init: the log is followed once the application has bootstrapped. */
  private bootstrapped = false;
  private readonly typingTimers = new Map<string, NodeJS.Timeout>();
  /** Per room, the typers this process last told it of (to tell it again when one expires). */
  private readonly toldTyping = new Map<string, string>();

  constructor(
    private readonly kinds: RoomKinds,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(REDIS) redis: RedisConnection,
    @Inject(SOCKET_AUTHENTICATOR) private readonly authenticator: SocketAuthenticator,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {
    this.presence = redis
      ? new RedisPresenceStore(redis, 2 * Math.max(LiveRooms.entryTtlMs, ROOM_LIMITS.typingMs))
      : new MemoryPresenceStore();
  }

  /** Called by the gateway once its server runs: only a process with sockets follows the log. */
  async attach(server: Server): Promise<void> {
    this.server = server;
    this.refresher = setInterval(
      () => void this.refresh().catch((e: Error) => this.fail('refresh', e)),
      LiveRooms.refreshMs,
    );
    this.refresher.unref();
    await this.follow();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.bootstrapped = true;
    await this.follow();
  }

  private async follow(): Promise<void> {
    if (!this.server || !this.bootstrapped || this.tail || this.kinds.size === 0) return;
    const head = await this.events.headPosition();
    if (this.tail) return;
    this.position = head;
    this.tail = this.events.subscribeToAll(head, {
      onEvent: (event) => this.route(event),
      onError: (error) => this.fail('following the log', error),
    });
  }

  async join(socket: Socket, body: unknown): Promise<RoomJoinAck> {
    const checked = await this.check(socket, body);
    if ('error' in checked) return { ok: false, error: checked.error };
    const { identity, kind, name, id, room, state } = checked;
    if (!state.joined.has(name) && state.joined.size >= ROOM_LIMITS.roomsPerSocket)
      return { ok: false, error: `A connection may be in ${ROOM_LIMITS.roomsPerSocket} rooms at most.` };
    if (!(await kind.mayRead(identity, identity.orgId, id)))
      return { ok: false, error: `Room ${JSON.stringify(name)} is not one you may view.` };

    const stale = state.joined.get(name);
    if (stale && stale !== room) await this.leaveRoom(socket, stale);
    const viewer = state.viewer ?? (state.viewer = await this.viewerOf(identity.userId));
    const before = await this.presence.read(room, Date.now());
    // joined first, position read at once: every event after it reaches this socket live
    void socket.join(room);
    state.joined.set(name, room);
    this.localRoom(room).set(socket.id, socket);
    const position = this.position;
    await this.presence.put(room, { socketId: socket.id, viewer }, Date.now() + LiveRooms.entryTtlMs);
    const presence = await this.tell(room, name);
    if (!before.sockets.some((s) => s.viewer.user_id === viewer.user_id))
      this.emit(room, RoomSocketEvents.joined, { room: name, viewer } satisfies RoomPersonNotice);
    return { ok: true, presence, position };
  }

  async leave(socket: Socket, body: unknown): Promise<RoomAck> {
    const state = this.stateOf(socket);
    const limited = this.limited(state);
    if (limited) return { ok: false, error: limited };
    const name = (body as { room?: unknown } | null)?.room;
    const room = typeof name === 'string' ? state.joined.get(name) : undefined;
    if (room) await this.leaveRoom(socket, room);
    return { ok: true };
  }

  async typing(socket: Socket, body: unknown): Promise<RoomAck> {
    const found = this.joinedRoom(socket, body);
    if ('error' in found) return { ok: false, error: found.error };
    const typing = (body as { typing?: unknown }).typing;
    if (typeof typing !== 'boolean') return { ok: false, error: '"typing" must be true or false.' };
    const { room, name } = found;
    const userId = (socket.data.identity as SocketIdentity).userId;
    const before = await this.presence.read(room, Date.now());
    const until = Date.now() + ROOM_LIMITS.typingMs;
    await this.presence.setTyping(room, userId, typing ? until : null);
    const key = `${room}\n${userId}`;
    clearTimeout(this.typingTimers.get(key));
    this.typingTimers.delete(key);
    if (typing) {
      const timer = setTimeout(() => {
        this.typingTimers.delete(key);
        void this.tell(room, name).catch((e: Error) => this.fail('typing expiry', e));
      }, ROOM_LIMITS.typingMs + 50);
      timer.unref();
      this.typingTimers.set(key, timer);
    }
    if (before.typing.includes(userId) !== typing) await this.tell(room, name);
    return { ok: true };
  }

  async catchUp(socket: Socket, body: unknown): Promise<RoomCatchUpAck> {
    const found = this.joinedRoom(socket, body);
    if ('error' in found) return { ok: false, error: found.error };
    const after = (body as { after?: unknown }).after;
    if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0)
      return { ok: false, error: '"after" must be a log position (an integer, 0 or more).' };
    const { orgId, kindName, id, name } = found;
    const kind = this.kinds.get(kindName)!;
    const streams = (await kind.streams(orgId, id)).slice(0, 20);
    const read = await Promise.all(streams.map((stream) => this.events.readStream(stream)));
    const events = read
      .flat()
      .filter((e) => e.position > after && e.metadata.orgId === orgId && kind.idsOf(e).includes(id))
      .sort((a, b) => a.position - b.position);
    const page = events.slice(0, ROOM_LIMITS.catchUpPage);
    return { ok: true, events: page.map((e) => this.present(name, kind, e)), more: events.length > page.length };
  }

  async disconnected(socket: Socket): Promise<void> {
    const state = socket.data.liveRooms as SocketRooms | undefined;
    if (!state) return;
    for (const room of [...state.joined.values()]) await this.leaveRoom(socket, room);
  }

  /**
   * A session moved to another organization: its sockets (on every process) leave the rooms of the one it left.
   */
  async moved(sessionRoom: string, fromOrgId: string): Promise<void> {
    if (!this.server) return;
    const prefix = `live:${fromOrgId}:`;
    for (const remote of await this.server.in(sessionRoom).fetchSockets()) {
      for (const room of remote.rooms) {
        if (!room.startsWith(prefix)) continue;
        remote.leave(room);
        await this.forget(room, remote.id);
      }
    }
  }

  private async leaveRoom(socket: Socket, room: string): Promise<void> {
    const state = this.stateOf(socket);
    for (const [name, joined] of state.joined) if (joined === room) state.joined.delete(name);
    void socket.leave(room);
    await this.forget(room, socket.id);
  }

  /** Removes a socket's entry; when it was the person's last, they stop typing and the room hears they left. */
  private async forget(room: string, socketId: string): Promise<void> {
    const sockets = this.local.get(room);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.local.delete(room);
    const before = await this.presence.read(room, Date.now());
    const leaving = before.sockets.find((s) => s.socketId === socketId)?.viewer;
    await this.presence.remove(room, socketId);
    if (!leaving) return;
    const stays = before.sockets.some((s) => s.socketId !== socketId && s.viewer.user_id === leaving.user_id);
    if (stays) return;
    await this.presence.setTyping(room, leaving.user_id, null);
    const name = this.publicName(room);
    await this.tell(room, name);
    this.emit(room, RoomSocketEvents.left, { room: name, viewer: leaving } satisfies RoomPersonNotice);
  }

  /** Tells the room who is there now, and answers the same. */
  private async tell(room: string, name: string, read?: PresenceRead): Promise<RoomPresence> {
    const now = read ?? (await this.presence.read(room, Date.now()));
    const presence = this.snapshot(name, now);
    this.toldTyping.set(room, presence.typing.join(','));
    this.emit(room, RoomSocketEvents.presence, presence);
    return presence;
  }

  private snapshot(name: string, read: PresenceRead): RoomPresence {
    const viewers = new Map<string, RoomViewer>();
    for (const { viewer } of read.sockets) viewers.set(viewer.user_id, viewer);
    return {
      room: name,
      viewers: [...viewers.values()].sort((a, b) => a.name.localeCompare(b.name) || a.user_id.localeCompare(b.user_id)),
      typing: read.typing.filter((userId) => viewers.has(userId)).sort(),
    };
  }

  /** Keeps this process's sockets present, and tells a room of entries that expired (a process that died). */
  private async refresh(): Promise<void> {
    const now = Date.now();
    for (const [room, sockets] of [...this.local]) {
      await this.presence.refresh(room, [...sockets.keys()], now + LiveRooms.entryTtlMs);
      const read = await this.presence.read(room, now);
      const typingChanged = this.toldTyping.get(room) !== this.snapshot('', read).typing.join(',');
      if (read.expired.length === 0 && !typingChanged) continue;
      const name = this.publicName(room);
      await this.tell(room, name, read);
      const present = new Set(read.sockets.map((s) => s.viewer.user_id));
      const gone = new Map(
        read.expired.filter((e) => !present.has(e.viewer.user_id)).map((e) => [e.viewer.user_id, e]),
      );
      for (const { viewer } of gone.values())
        this.emit(room, RoomSocketEvents.left, { room: name, viewer } satisfies RoomPersonNotice);
    }
  }

  /** Pushes an appended event to this process's sockets of the rooms it belongs to. */
  private route(event: RecordedEvent): void {
    const orgId = event.metadata.orgId;
    if (orgId && this.local.size > 0 && this.server) {
      for (const [kindName, kind] of this.kinds.entries()) {
        for (const id of kind.idsOf(event)) {
          const room = internalRoom(orgId, kindName, id);
          if (!this.local.has(room)) continue;
          this.server.local.to(room).emit(RoomSocketEvents.event, this.present(roomName(kindName, id), kind, event));
          this.metrics.pushes.inc({ event: RoomSocketEvents.event });
        }
      }
    }
    this.position = event.position;
  }

  private present(name: string, kind: RoomKind, event: RecordedEvent): RoomEvent {
    return {
      room: name,
      position: event.position,
      type: event.type,
      at: event.recordedAt,
      data: kind.present ? kind.present(event) : null,
    };
  }

  /** A join's checks: bounded rate, a room name of a registered kind, a current session. */
  private async check(socket: Socket, body: unknown): Promise<JoinCheck | Refused> {
    const state = this.stateOf(socket);
    const limited = this.limited(state);
    if (limited) return { error: limited };
    const name = (body as { room?: unknown } | null)?.room;
    const parsed = parseRoomName(name);
    const kind = parsed && this.kinds.get(parsed.kind);
    if (!parsed || !kind)
      return { error: `Unknown room ${JSON.stringify(typeof name === 'string' ? name.slice(0, 170) : null)}` };
    const identity: Identity | null = await this.authenticator.current(
      (socket.data.identity as SocketIdentity).sessionKey,
    );
    if (!identity) return { error: SIGNED_OUT };
    // the session's organization now (it may have switched since the socket opened)
    const room = internalRoom(identity.orgId, parsed.kind, parsed.id);
    return { identity, kind, name: name as string, id: parsed.id, room, state };
  }

  /** A room the socket is in now (the session's current organization's), for typing and catch-up. */
  private joinedRoom(socket: Socket, body: unknown): Joined | Refused {
    const state = this.stateOf(socket);
    const limited = this.limited(state);
    if (limited) return { error: limited };
    const name = (body as { room?: unknown } | null)?.room;
    const room = typeof name === 'string' ? state.joined.get(name) : undefined;
    if (!room || !socket.rooms.has(room))
      return { error: `Join room ${JSON.stringify(typeof name === 'string' ? name.slice(0, 170) : null)} first.` };
    const [, orgId, kindName, ...rest] = room.split(':');
    return { room, name: name as string, orgId: orgId!, kindName: kindName!, id: rest.join(':') };
  }

  private limited(state: SocketRooms): string | null {
    const now = Date.now();
    if (now - state.window.start >= ROOM_LIMITS.windowMs) state.window = { start: now, count: 0 };
    state.window.count++;
    return state.window.count > ROOM_LIMITS.requestsPerWindow ? 'Too many room requests: wait a few seconds.' : null;
  }

  private stateOf(socket: Socket): SocketRooms {
    const data = socket.data as { liveRooms?: SocketRooms };
    return (data.liveRooms ??= { joined: new Map(), window: { start: Date.now(), count: 0 } });
  }

  private localRoom(room: string): Map<string, Socket> {
    let sockets = this.local.get(room);
    if (!sockets) this.local.set(room, (sockets = new Map()));
    return sockets;
  }

  private publicName(room: string): string {
    const [, , kind, ...rest] = room.split(':');
    return roomName(kind!, rest.join(':'));
  }

  private async viewerOf(userId: string): Promise<RoomViewer> {
    const user = await usersView.byId(this.store, userId);
    return { user_id: userId, name: user?.name || 'Someone' };
  }

  /** Through the adapter: with Redis, the room's sockets on every process hear it. */
  private emit(room: string, event: string, payload: unknown): void {
    // once the app is stopping, the sockets' leaving is nobody's news, and the adapter's Redis client may be
    // closed already: its publish would reject with nobody to catch it
    if (this.closing || !this.server) return;
    this.metrics.pushes.inc({ event });
    this.server.to(room).emit(event, payload);
  }

  private fail(what: string, error: Error): void {
    this.logger.error(`live rooms, ${what}: ${error.message}`);
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearInterval(this.refresher);
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
    await this.tail?.close();
  }
}
