import { SocketEvents, type SubscribeRequest, type ViewChangedNotice, type ViewName } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting';

let socket: Socket | undefined;
let everConnected = false;

/** One socket per tab, opened on first use; cookies ride along for the session check. */
export function getSocket(): Socket {
  if (!socket) {
    socket = io({ path: '/socket.io', withCredentials: true });
    socket.on('connect', () => (everConnected = true));
  }
  return socket;
}

function connectionState(): ConnectionState {
  if (getSocket().connected) return 'connected';
  return everConnected ? 'reconnecting' : 'connecting';
}

function subscribeToConnection(onChange: () => void): () => void {
  const s = getSocket();
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  s.io.on('reconnect_attempt', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
    s.io.off('reconnect_attempt', onChange);
  };
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeToConnection, connectionState, () => 'connecting');
}

/** Listens to one server event for the lifetime of the component; the latest handler is always used. */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const s = getSocket();
    const listener = (payload: T) => latest.current(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event]);
}

/** Joins a room while mounted, again after every connect: a fresh server session has forgotten it. */
export function useNoticeRoom(room: string): void {
  useEffect(() => {
    const s = getSocket();
    const request: SubscribeRequest = { room };
    const join = () => s.emit(SocketEvents.subscribe, request);
    if (s.connected) join();
    s.on('connect', join);
    return () => {
      s.off('connect', join);
      s.emit(SocketEvents.unsubscribe, request);
    };
  }, [room]);
}

/** Query keys of read models start with ['view', name] so a change notice refetches what shows them. */
export const viewKey = (view: ViewName, ...rest: unknown[]) => ['view', view, ...rest] as const;

/**
 * Keeps the query cache honest: a view change refetches that view; a resync or a reconnect refetches
 * everything, since notices sent while we were away may be lost.
 */
export function bindSocketToQueries(queryClient: QueryClient): () => void {
  const s = getSocket();
  let disconnected = false;
  const onViewChanged = (notice: ViewChangedNotice) =>
    void queryClient.invalidateQueries({ queryKey: ['view', notice.view] });
  const refetchAll = () => void queryClient.invalidateQueries();
  const onDisconnect = () => (disconnected = true);
  const onConnect = () => {
    if (!disconnected) return;
    disconnected = false;
    refetchAll();
  };
  s.on(SocketEvents.viewChanged, onViewChanged);
  s.on(SocketEvents.resync, refetchAll);
  s.on('disconnect', onDisconnect);
  s.on('connect', onConnect);
  return () => {
    s.off(SocketEvents.viewChanged, onViewChanged);
    s.off(SocketEvents.resync, refetchAll);
    s.off('disconnect', onDisconnect);
    s.off('connect', onConnect);
  };
}
