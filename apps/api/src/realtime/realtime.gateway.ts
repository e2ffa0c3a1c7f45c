import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { Rooms, roomOfViewChange, SocketEvents, type SubscribeRequest, type ViewChangedNotice } from '@tocsin/contracts';
import { PROJECTIONS } from '@tocsin/projector';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { SOCKET_AUTHENTICATOR, type SocketAuthenticator, type SocketIdentity } from './socket-auth';

const VIEW_ROOMS = new Set(PROJECTIONS.map((p) => Rooms.view(p.name)));

/**
 * Live updates: sockets join `org:{id}` and `user:{id}` at the handshake and may subscribe to `ops`
 * and global `view:{name}` rooms. A socket whose missed packets cannot be replayed (no recovery, or
 * the Redis adapter) is told to resync, so a reconnect never leaves a silent gap.
 */
@WebSocketGateway({
  path: '/socket.io',
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
})
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('realtime');
  private changes?: Subscription;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(SOCKET_AUTHENTICATOR) private readonly authenticator: SocketAuthenticator,
  ) {}

  afterInit(server: Server): void {
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
    this.changes = this.runtime.viewChanges.subscribe((changes) => this.publish(changes));
  }

  handleConnection(socket: Socket): void {
    if (socket.recovered) return;
    const identity = socket.data.identity as SocketIdentity;
    for (const orgId of identity.orgIds) void socket.join(Rooms.org(orgId));
    if (identity.userId) void socket.join(Rooms.user(identity.userId));
    socket.emit(SocketEvents.resync, { position: this.runtime.runner?.position ?? null });
  }

  @SubscribeMessage(SocketEvents.subscribe)
  subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: SubscribeRequest): { ok: boolean; error?: string } {
    const room = body?.room;
    if (room !== Rooms.ops && !VIEW_ROOMS.has(room)) return { ok: false, error: `Unknown room ${JSON.stringify(room)}` };
    void socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage(SocketEvents.unsubscribe)
  unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: SubscribeRequest): { ok: boolean } {
    void socket.leave(body?.room);
    return { ok: true };
  }

  emitToRoom(room: string, event: string, payload: unknown): void {
    this.server.to(room).emit(event, payload);
  }

  private publish(changes: ViewChangedNotice[]): void {
    for (const change of changes) this.server.to(roomOfViewChange(change)).emit(SocketEvents.viewChanged, change);
  }

  onModuleDestroy(): void {
    this.changes?.unsubscribe();
    this.logger.debug('gateway closed');
  }
}
