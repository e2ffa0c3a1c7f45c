import type { RoomViewer } from '@tocsin/contracts';
import type { RedisConnection } from '../runtime/ports';

/** One socket in a room: whose it is. */
export interface PresenceEntry {
  socketId: string;
  viewer: RoomViewer;
}

export interface PresenceRead {
  /** One entry per live socket (a person with two tabs has two). */
  sockets: PresenceEntry[];
  /** Who is typing now. */
  typing: string[];
  /** Entries that had expired and were removed by this read (a process that died without saying so). */
  expired: PresenceEntry[];
}

/**
 * Who is in which room, shared by every api process. Each socket's entry carries an expiry its process pushes
 * forward while the socket lives (LiveRooms' refresh), so the sockets of a process that died disappear once
 * their entries expire, with no process left to remove them. Rooms are the server's internal names.
 */
export interface PresenceStore {
  put(room: string, entry: PresenceEntry, expiresAt: number): Promise<void>;
  /** Pushes the expiry of these sockets' entries forward (only those still present). */
  refresh(room: string, socketIds: string[], expiresAt: number): Promise<void>;
  remove(room: string, socketId: string): Promise<void>;
  /** `until` null stops the person's indicator. */
  setTyping(room: string, userId: string, until: number | null): Promise<void>;
  read(room: string, now: number): Promise<PresenceRead>;
}

/** One process (no Redis): its memory is the whole truth. */
export class MemoryPresenceStore implements PresenceStore {
  private readonly rooms = new Map<
    string,
    { sockets: Map<string, { entry: PresenceEntry; expiresAt: number }>; typing: Map<string, number> }
  >();

  private room(name: string) {
    let room = this.rooms.get(name);
    if (!room) this.rooms.set(name, (room = { sockets: new Map(), typing: new Map() }));
    return room;
  }

  async put(room: string, entry: PresenceEntry, expiresAt: number): Promise<void> {
    this.room(room).sockets.set(entry.socketId, { entry, expiresAt });
  }

  async refresh(room: string, socketIds: string[], expiresAt: number): Promise<void> {
    const sockets = this.rooms.get(room)?.sockets;
    for (const id of socketIds) {
      const held = sockets?.get(id);
      if (held) held.expiresAt = expiresAt;
    }
  }

  async remove(room: string, socketId: string): Promise<void> {
    this.rooms.get(room)?.sockets.delete(socketId);
    this.forgetIfEmpty(room);
  }

  async setTyping(room: string, userId: string, until: number | null): Promise<void> {
    if (until === null) this.rooms.get(room)?.typing.delete(userId);
    else this.room(room).typing.set(userId, until);
    this.forgetIfEmpty(room);
  }

  async read(name: string, now: number): Promise<PresenceRead> {
    const room = this.rooms.get(name);
    if (!room) return { sockets: [], typing: [], expired: [] };
    const expired: PresenceEntry[] = [];
    for (const [id, held] of room.sockets) {
      if (held.expiresAt > now) continue;
      expired.push(held.entry);
      room.sockets.delete(id);
    }
    for (const [userId, until] of room.typing) if (until <= now) room.typing.delete(userId);
    const read = { sockets: [...room.sockets.values()].map((h) => h.entry), typing: [...room.typing.keys()], expired };
    this.forgetIfEmpty(name);
    return read;
  }

  private forgetIfEmpty(name: string): void {
    const room = this.rooms.get(name);
    if (room && room.sockets.size === 0 && room.typing.size === 0) this.rooms.delete(name);
  }
}

/**
 * Redis: per room a hash (socket id -> viewer), a sorted set of the same sockets by expiry and a sorted set of
 * typers by expiry. The keys themselves expire a while after their last write, so an abandoned room leaves nothing.
 */
export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: NonNullable<RedisConnection>,
    /** How long an untouched room's keys stay. */
    private readonly keyTtlMs: number,
  ) {}

  private keys(room: string) {
    const base = `tocsin:presence:{${room}}`;
    return { who: `${base}:who`, until: `${base}:until`, typing: `${base}:typing` };
  }

  async put(room: string, entry: PresenceEntry, expiresAt: number): Promise<void> {
    const k = this.keys(room);
    await this.redis
      .multi()
      .hset(k.who, entry.socketId, JSON.stringify(entry.viewer))
      .zadd(k.until, expiresAt, entry.socketId)
      .pexpire(k.who, this.keyTtlMs)
      .pexpire(k.until, this.keyTtlMs)
      .exec();
  }

  async refresh(room: string, socketIds: string[], expiresAt: number): Promise<void> {
    if (socketIds.length === 0) return;
    const k = this.keys(room);
    const scored = socketIds.flatMap((id) => [expiresAt, id]);
    // XX: an entry removed meanwhile (its socket left) is not brought back
    await this.redis
      .multi()
      .zadd(k.until, 'XX', ...scored)
      .pexpire(k.who, this.keyTtlMs)
      .pexpire(k.until, this.keyTtlMs)
      .exec();
  }

  async remove(room: string, socketId: string): Promise<void> {
    const k = this.keys(room);
    await this.redis.multi().hdel(k.who, socketId).zrem(k.until, socketId).exec();
  }

  async setTyping(room: string, userId: string, until: number | null): Promise<void> {
    const k = this.keys(room);
    if (until === null) await this.redis.zrem(k.typing, userId);
    else await this.redis.multi().zadd(k.typing, until, userId).pexpire(k.typing, this.keyTtlMs).exec();
  }

  async read(room: string, now: number): Promise<PresenceRead> {
    const k = this.keys(room);
    const gone = await this.redis.zrangebyscore(k.until, '-inf', now);
    const expired: PresenceEntry[] = [];
    if (gone.length > 0) {
      const viewers = await this.redis.hmget(k.who, ...gone);
      const removed = await this.redis
        .multi()
        .zrem(k.until, ...gone)
        .hdel(k.who, ...gone)
        .exec();
      // only the process whose ZREM removed them reports them (two may read at once)
      if (removed?.[0]?.[1] === gone.length)
        gone.forEach((socketId, i) => viewers[i] && expired.push({ socketId, viewer: JSON.parse(viewers[i]!) }));
    }
    const [live, typing] = await Promise.all([
      this.redis.zrangebyscore(k.until, `(${now}`, '+inf'),
      this.redis.zrangebyscore(k.typing, `(${now}`, '+inf'),
    ]);
    const viewers = live.length > 0 ? await this.redis.hmget(k.who, ...live) : [];
    const sockets: PresenceEntry[] = [];
    live.forEach((socketId, i) => viewers[i] && sockets.push({ socketId, viewer: JSON.parse(viewers[i]!) }));
    return { sockets, typing, expired };
  }
}
