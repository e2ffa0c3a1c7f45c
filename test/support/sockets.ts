import { io, type Socket } from 'socket.io-client';
import { RoomSocketEvents, SocketEvents, type RoomJoinAck } from '@tocsin/contracts';

/** How long a test waits for an event before it fails. */
export const GUARD_MS = 5000;

/** The next `event` on the socket that `match` accepts (fails after GUARD_MS). */
export function nextEvent<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${GUARD_MS} ms`)), GUARD_MS);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/**
 * Sockets signed in as a client (its session cookie), each connected and told to resync before it is handed
 * over; `closeAll` disconnects every one a suite opened.
 */
export function socketClients() {
  const sockets: Socket[] = [];
  return {
    async connect(url: string, client: { cookie: string }): Promise<Socket> {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnectionDelay: 50,
        extraHeaders: { cookie: client.cookie },
      });
      sockets.push(socket);
      await nextEvent(socket, SocketEvents.resync);
      return socket;
    },
    join: (socket: Socket, room: string) => socket.emitWithAck(RoomSocketEvents.join, { room }) as Promise<RoomJoinAck>,
    closeAll(): void {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}
