import {
  ROOM_LIMITS,
  RoomSocketEvents,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomJoinAck,
  type RoomPresence,
} from '@tocsin/contracts';

/** What a RoomFollower needs of a socket (socket.io-client's Socket has it; a spec passes a stand-in). */
export interface RoomSocket {
  connected: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io-client types its listeners so
  on(event: string, listener: (...args: any[]) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io-client types its listeners so
  off(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, payload: unknown): unknown;
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
}

export interface RoomHandlers {
  presence(presence: RoomPresence): void;
  /** Each event of the room once, in log order, those missed while disconnected included. */
  event(event: RoomEvent): void;
  error(message: string | null): void;
}

/**
 * Follows one live room on a socket: joins it at every connect, and after a reconnect asks for the events
 * missed since the last position seen. Events that arrive live while the catch-up is under way wait for it, so
 * every event is handed out once, in order (a position at or below the last one handed out is a duplicate).
 */
export class RoomFollower {
  /** The last position handed out (or, at the first join, the server's position then: what follows is new). */
  private lastSeen: number | null = null;
  private catchingUp = false;
  private waiting: RoomEvent[] = [];
  private stopped = false;
  private typingSince: number | null = null;
  private typingTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly socket: RoomSocket,
    readonly room: string,
    private readonly handlers: RoomHandlers,
  ) {}

  start(): void {
    this.socket.on('connect', this.onConnect);
    this.socket.on(RoomSocketEvents.presence, this.onPresence);
    this.socket.on(RoomSocketEvents.event, this.onEvent);
    if (this.socket.connected) this.onConnect();
  }

  stop(): void {
    this.stopped = true;
    this.stopTyping();
    this.socket.off('connect', this.onConnect);
    this.socket.off(RoomSocketEvents.presence, this.onPresence);
    this.socket.off(RoomSocketEvents.event, this.onEvent);
    if (this.socket.connected) this.socket.emit(RoomSocketEvents.leave, { room: this.room });
  }

  /** Call on every keystroke (true) and when the note is sent or cleared (false): refreshed while it goes on. */
  setTyping(typing: boolean): void {
    if (!typing) return this.stopTyping(true);
    const first = this.typingSince === null;
    this.typingSince = Date.now();
    if (!first) return;
    this.socket.emit(RoomSocketEvents.typing, { room: this.room, typing: true });
    this.typingTimer = setInterval(() => {
      // no keystroke for a while: stopped typing
      if (Date.now() - (this.typingSince ?? 0) > ROOM_LIMITS.typingRefreshMs * 1.5) this.stopTyping(true);
      else this.socket.emit(RoomSocketEvents.typing, { room: this.room, typing: true });
    }, ROOM_LIMITS.typingRefreshMs);
  }

  private stopTyping(tell = false): void {
    if (this.typingTimer) clearInterval(this.typingTimer);
    const was = this.typingSince !== null;
    this.typingTimer = null;
    this.typingSince = null;
    if (tell && was && this.socket.connected)
      this.socket.emit(RoomSocketEvents.typing, { room: this.room, typing: false });
  }

  private readonly onPresence = (presence: RoomPresence) => {
    if (presence.room === this.room) this.handlers.presence(presence);
  };

  private readonly onEvent = (event: RoomEvent) => {
    if (event.room !== this.room) return;
    if (this.catchingUp) this.waiting.push(event);
    else this.deliver([event]);
  };

  private readonly onConnect = () => {
    void this.join().catch((error: Error) => this.handlers.error(error.message));
  };

  private async join(): Promise<void> {
    this.catchingUp = true;
    this.waiting = [];
    try {
      const joined = (await this.socket.emitWithAck(RoomSocketEvents.join, { room: this.room })) as RoomJoinAck;
      if (this.stopped) return;
      if (!joined.ok) return this.handlers.error(joined.error);
      this.handlers.error(null);
      this.handlers.presence(joined.presence);
      if (this.lastSeen === null) this.lastSeen = joined.position;
      else await this.catchUp();
    } finally {
      this.catchingUp = false;
      const waiting = this.waiting;
      this.waiting = [];
      if (!this.stopped) this.deliver(waiting);
    }
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const after = this.lastSeen ?? 0;
      const answer = (await this.socket.emitWithAck(RoomSocketEvents.catchUp, {
        room: this.room,
        after,
      })) as RoomCatchUpAck;
      if (this.stopped) return;
      if (!answer.ok) return this.handlers.error(answer.error);
      this.deliver(answer.events);
      if (!answer.more || answer.events.length === 0) return;
    }
  }

  private deliver(events: RoomEvent[]): void {
    for (const event of [...events].sort((a, b) => a.position - b.position)) {
      if (this.lastSeen !== null && event.position <= this.lastSeen) continue;
      this.lastSeen = event.position;
      this.handlers.event(event);
    }
  }
}
