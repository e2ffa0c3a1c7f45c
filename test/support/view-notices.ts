import type { Socket } from 'socket.io-client';
import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';

/** The next change notice of `view` on a connected socket (rejects after `timeoutMs`). */
export function nextNotice(socket: Socket, view: string, timeoutMs = 5000): Promise<ViewChangedNotice> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${view} notice within ${timeoutMs} ms`)), timeoutMs);
    const listener = (notice: ViewChangedNotice) => {
      if (notice.view !== view) return;
      clearTimeout(timer);
      socket.off(SocketEvents.viewChanged, listener);
      resolve(notice);
    };
    socket.on(SocketEvents.viewChanged, listener);
  });
}
