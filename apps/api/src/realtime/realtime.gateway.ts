import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  Rooms,
  roomOfViewChange,
  RoomSocketEvents,
  SocketEvents,
  type SubscribeRequest,
  type ViewChangedNotice,
} from '@tocsin/contracts';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import { SessionRegistry, type SessionChange } from '../sessions/session-registry';
import {
  CLOCK,
  HOSTED_PROJECTOR,
  METRICS,
  VIEW_CHANGES,
  type Clock,
  type HostedProjector,
  type Metrics,
  type ViewChanges,
} from '../runtime/ports';
import { SOCKET_AUTHENTICATOR, type SocketAuthenticator, type SocketIdentity } from './socket-auth';
import { LiveRooms } from './live-rooms';

/** Every socket opened under a session, on every node: what its end disconnects. Never a room a client may ask for. */
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;
const isViewRoom = (room: string) => room.startsWith(Rooms.view(''));

/**
 * Live updates: sockets join `org:{id}`, `user:{id}` and `session:{key}` at the handshake and may
 * subscribe to `ops` (owners) and to global `view:{name}` rooms (operators); live rooms of a resource
 * (`room:{kind}:{id}`: presence, typing, its events) are LiveRooms'. A socket lives only as long
 * as its session: signing out, expiry, revocation (password change, removal from the organization) and
 * staff exit disconnect it on every node; switching organization moves it to the new organization's
 * room. A reconnect passes the session check again, recovered or not. A socket whose missed packets
 * cannot be replayed (no recovery, or the Redis adapter) is told to resync, so a reconnect never leaves
 * a silent gap.
 */
@WebSocketGateway({
  path: '/socket.io',
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  // what a client sends is a room name or a cursor: 16 KB bounds any message
  maxHttpBufferSize: 16 * 1024,
})
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('realtime');
  private changes?: Subscription;
  private sessionChanges?: Subscription;
  /** Per local socket: cancels the re-check scheduled at its session's expiry. */
  private readonly expiries = new Map<string, () => void>();

  constructor(
    @Inject(VIEW_CHANGES) private readonly viewChanges: ViewChanges,
    @Inject(HOSTED_PROJECTOR) private readonly projector: HostedProjector | null,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SOCKET_AUTHENTICATOR) private readonly authenticator: SocketAuthenticator,
    private readonly sessions: SessionRegistry,
    private readonly rooms: LiveRooms,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  afterInit(server: Server): void {
    this.metrics.watch({ sockets: () => server.engine?.clientsCount ?? 0 });
    server.use((socket, next) => {
      this.authenticator
        .authenticate(socket.request)
        .then((identity) => {
          if (!identity) return next(new Error('unauthorized'));
          socket.data.identity = identity;
          next();
        })
        .catch((error: Error) => next(error));
    });
    this.rooms.attach(server).catch((error: Error) => this.logger.error(`live rooms not started: ${error.message}`));
    this.changes = this.viewChanges.subscribe((changes) => this.publish(changes));
    this.sessionChanges = this.sessions.changes.subscribe((change) => {
      this.onSessionChange(change).catch((error: Error) =>
        this.logger.error(`session ${change.kind}: sockets not updated: ${error.message}`),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const identity = socket.data.identity as SocketIdentity;
    this.watchExpiry(socket, identity);
    // A recovered socket comes back with the rooms it had: the session may have moved or lost a right since.
    const stale = socket.recovered ? await this.staleRooms(socket, identity) : [];
    for (const room of stale) void socket.leave(room);
    void socket.join([Rooms.org(identity.orgId), Rooms.user(identity.userId), sessionRoom(identity.sessionKey)]);
    if (socket.recovered && stale.length === 0) return;
    socket.emit(SocketEvents.resync, { position: this.projector?.position ?? null });
  }

  handleDisconnect(socket: Socket): void {
    this.expiries.get(socket.id)?.();
    this.expiries.delete(socket.id);
    this.rooms.disconnected(socket).catch((error: Error) => this.logger.warn(`presence not cleared: ${error.message}`));
  }

  @SubscribeMessage(RoomSocketEvents.join)
  joinRoom(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    return this.rooms.join(socket, body);
  }

  @SubscribeMessage(RoomSocketEvents.leave)
  leaveRoom(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    return this.rooms.leave(socket, body);
  }

  @SubscribeMessage(RoomSocketEvents.typing)
  typing(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    return this.rooms.typing(socket, body);
  }

  @SubscribeMessage(RoomSocketEvents.catchUp)
  catchUp(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    return this.rooms.catchUp(socket, body);
  }

  @SubscribeMessage(SocketEvents.subscribe)
  async subscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() body: SubscribeRequest,
  ): Promise<{ ok: boolean; error?: string }> {
    const identity = socket.data.identity as SocketIdentity;
    const room = body?.room;
    const refusal = await this.authenticator.refusal(identity.sessionKey, room);
    if (refusal) return { ok: false, error: refusal };
    void socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage(SocketEvents.unsubscribe)
  unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: SubscribeRequest): { ok: boolean } {
    void socket.leave(body?.room);
    return { ok: true };
  }

  emitToRoom(room: string, event: string, payload: unknown): void {
    this.metrics.pushes.inc({ event });
    this.server.to(room).emit(event, payload);
  }

  /** Through the adapter, so with Redis the sockets of every api node follow. */
  private async onSessionChange(change: SessionChange): Promise<void> {
    if (!this.server) return;
    const sockets = this.server.in(sessionRoom(change.key));
    if (change.kind === 'ended') {
      sockets.disconnectSockets(true);
      return;
    }
    if (change.from === change.to) return;
    // ops is granted per organization (the role there): asked again in the new one; so are live rooms
    sockets.socketsLeave([Rooms.org(change.from), Rooms.ops]);
    await this.rooms.moved(sessionRoom(change.key), change.from);
    sockets.socketsJoin(Rooms.org(change.to));
    sockets.emit(SocketEvents.resync, { position: this.projector?.position ?? null });
  }

  /** At the session's end the socket asks again: an expired session disconnects it. */
  private watchExpiry(socket: Socket, identity: SocketIdentity): void {
    this.expiries.get(socket.id)?.();
    const cancel = this.clock.schedule(Date.parse(identity.expiresAt), () => {
      this.expiries.delete(socket.id);
      this.authenticator
        .current(identity.sessionKey)
        .then((current) => {
          if (!current) socket.disconnect(true);
        })
        .catch((error: Error) => this.logger.error(`session expiry check failed: ${error.message}`));
    });
    this.expiries.set(socket.id, cancel);
  }

  /** Rooms a recovered socket kept that its session may not hear now (it moved, lost a right, or is another session). */
  private async staleRooms(socket: Socket, identity: SocketIdentity): Promise<string[]> {
    const own = new Set([
      socket.id,
      Rooms.org(identity.orgId),
      Rooms.user(identity.userId),
      sessionRoom(identity.sessionKey),
    ]);
    const stale: string[] = [];
    for (const room of socket.rooms) {
      if (own.has(room)) continue;
      const followed = room === Rooms.ops || isViewRoom(room);
      if (!followed || (await this.authenticator.refusal(identity.sessionKey, room))) stale.push(room);
    }
    return stale;
  }

  private publish(changes: ViewChangedNotice[]): void {
    for (const change of changes) this.server.to(roomOfViewChange(change)).emit(SocketEvents.viewChanged, change);
    if (changes.length > 0) this.metrics.pushes.inc({ event: SocketEvents.viewChanged }, changes.length);
  }

  onModuleDestroy(): void {
    this.changes?.unsubscribe();
    this.sessionChanges?.unsubscribe();
    for (const cancel of this.expiries.values()) cancel();
    this.expiries.clear();
    this.logger.debug('gateway closed');
  }
}
