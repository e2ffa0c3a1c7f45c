/**
 * Live rooms of one resource (an alert, later an incident): who is viewing it, who is typing, and the events of
 * its streams as they are appended, each with its log position so a client that lost its connection asks for
 * exactly what it missed. A client names a room `room:{kind}:{id}`; the server scopes it to the session's
 * organization, so the same name never reaches another organization's room.
 */
export const RoomSocketEvents = {
  /** client -> server, acked with RoomJoinAck: join the room (the area's access check decides). */
  join: 'room.join',
  /** client -> server, acked with RoomAck. */
  leave: 'room.leave',
  /** client -> server, acked with RoomAck: `typing: true` again every few seconds while typing, false to stop. */
  typing: 'room.typing',
  /** client -> server, acked with RoomCatchUpAck: the room's events after a log position. */
  catchUp: 'room.catch_up',
  /** server -> room: everyone viewing and typing now, after every change. */
  presence: 'room.presence',
  /** server -> room: a person opened the room (their first tab in it). */
  joined: 'room.joined',
  /** server -> room: a person left it (their last tab closed, or their connection ended). */
  left: 'room.left',
  /** server -> room: an event appended to one of the room's streams. */
  event: 'room.event',
} as const;

/** Bounds every room request is held to. */
export const ROOM_LIMITS = {
  /** Rooms one socket may be in at once. */
  roomsPerSocket: 10,
  /** Room requests (join, leave, typing, catch-up) one socket may send per window. */
  requestsPerWindow: 40,
  windowMs: 10_000,
  /** Events one catch-up answer holds at most; `more` says to ask again after the last. */
  catchUpPage: 200,
  /** A typing indicator not refreshed within this long disappears. */
  typingMs: 6_000,
  /** How often a client refreshes its typing indicator while typing. */
  typingRefreshMs: 2_000,
} as const;

const KIND = /^[a-z][a-z0-9_-]{0,31}$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export const roomName = (kind: string, id: string) => `room:${kind}:${id}`;

/** The kind and id a room name says, or null when it is not one. */
export function parseRoomName(room: unknown): { kind: string; id: string } | null {
  if (typeof room !== 'string' || room.length > 170 || !room.startsWith('room:')) return null;
  const rest = room.slice('room:'.length);
  const colon = rest.indexOf(':');
  if (colon < 0) return null;
  const kind = rest.slice(0, colon);
  const id = rest.slice(colon + 1);
  return KIND.test(kind) && ID.test(id) ? { kind, id } : null;
}

export interface RoomRequest {
  room: string;
}

export interface RoomTypingRequest extends RoomRequest {
  typing: boolean;
}

export interface RoomCatchUpRequest extends RoomRequest {
  /** The last position the client saw (exclusive). */
  after: number;
}

export interface RoomViewer {
  user_id: string;
  name: string;
}

export interface RoomPresence {
  room: string;
  /** One entry per person, however many tabs they have open. */
  viewers: RoomViewer[];
  /** User ids of the people typing now. */
  typing: string[];
}

export interface RoomPersonNotice {
  room: string;
  viewer: RoomViewer;
}

export interface RoomEvent {
  room: string;
  /** Position in the global log: increasing, the client's dedupe key and catch-up cursor. */
  position: number;
  type: string;
  /** ISO-8601: when the log recorded it. */
  at: string;
  /** What the room's area shows of the event (null: only that it happened). */
  data: unknown;
}

export type RoomAck = { ok: true } | { ok: false; error: string };

export type RoomJoinAck =
  | {
      ok: true;
      presence: RoomPresence;
      /** The log position this server has pushed up to: later events come live. */
      position: number | null;
    }
  | { ok: false; error: string };

export type RoomCatchUpAck = { ok: true; events: RoomEvent[]; more: boolean } | { ok: false; error: string };
