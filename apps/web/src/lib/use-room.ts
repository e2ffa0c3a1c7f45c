import { roomName, type RoomEvent, type RoomPresence, type RoomViewer } from '@tocsin/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RoomFollower } from './room-follower';
import { getSocket } from './socket';

export interface LiveRoom {
  /** Everyone viewing the resource now, one entry per person, the current user included. */
  viewers: RoomViewer[];
  /** The people typing now. */
  typers: RoomViewer[];
  /** true on every keystroke, false once the text is sent or cleared. */
  setTyping(typing: boolean): void;
  /** Why the room could not be joined (no access, signed out), else null. */
  error: string | null;
}

/**
 * The live room of one resource (`room:{kind}:{id}`) while mounted: who is viewing and typing, and with
 * `onEvent` each event of its streams once, in order, those missed while disconnected included.
 */
export function useRoom(kind: string, id: string, options: { onEvent?: (event: RoomEvent) => void } = {}): LiveRoom {
  const room = roomName(kind, id);
  const [presence, setPresence] = useState<RoomPresence | null>(null);
  const [error, setError] = useState<string | null>(null);
  const follower = useRef<RoomFollower | null>(null);
  const onEvent = useRef(options.onEvent);
  useEffect(() => {
    onEvent.current = options.onEvent;
  });

  useEffect(() => {
    const current = new RoomFollower(getSocket(), room, {
      presence: setPresence,
      event: (event) => onEvent.current?.(event),
      error: setError,
    });
    follower.current = current;
    current.start();
    return () => {
      current.stop();
      follower.current = null;
      setPresence(null);
    };
  }, [room]);

  const setTyping = useCallback((typing: boolean) => follower.current?.setTyping(typing), []);
  const viewers = presence?.room === room ? presence.viewers : [];
  const typing = new Set(presence?.room === room ? presence.typing : []);
  return { viewers, typers: viewers.filter((v) => typing.has(v.user_id)), setTyping, error };
}
