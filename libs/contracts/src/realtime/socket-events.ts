import type {
  MatchAndUpdateResult,
  MatchAndUpdateScope,
  OrganizationMatchAndUpdateResult,
} from '../notification-preferences/match-and-update';

/** Socket.IO event names and payloads shared by the api, the projector and the web. */
export const SocketEvents = {
  /** server -> client: a read model changed; refetch what shows it. */
  viewChanged: 'view.changed',
  /** server -> client: the server could not replay what was missed; refetch everything shown. */
  resync: 'resync',
  /** server -> client: live health for the ops view. */
  health: 'ops.health',
  /** client -> server: join a room of notices ({ room: 'ops' | `view:${name}` }). */
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  /** server -> client (room `user:{id}` of who started it): a 'Match & update all' run moved on. */
  matchAndUpdateProgress: 'match_and_update.progress',
  /** server -> client (same room): the run completed or failed; read the report from the payload. */
  matchAndUpdateFinished: 'match_and_update.finished',
} as const;

export interface ViewChangedNotice {
  view: string;
  /** Ids of the documents that changed, when known. */
  ids: string[];
  orgId: string | null;
  /** Global log position the view has reached. */
  position: number;
}

export interface ResyncNotice {
  position: number | null;
}

/** `done`/`total` count operations for a personal run, users for an organization-wide run. */
export interface MatchAndUpdateProgressNotice {
  id: string;
  scope: MatchAndUpdateScope;
  done: number;
  total: number;
}

/** `result` is null when the run failed. */
export type MatchAndUpdateFinishedNotice =
  | { id: string; scope: 'user'; status: 'completed' | 'failed'; result: MatchAndUpdateResult | null }
  | {
      id: string;
      scope: 'organization';
      status: 'completed' | 'failed';
      result: OrganizationMatchAndUpdateResult | null;
    };

export interface SubscribeRequest {
  room: string;
}

/** Room names: one place so server and client agree. */
export const Rooms = {
  org: (orgId: string) => `org:${orgId}`,
  user: (userId: string) => `user:${userId}`,
  view: (name: string) => `view:${name}`,
  ops: 'ops',
} as const;

/** Where a view-changed notice goes: its organization's room, or the view's room for global views. */
export function roomOfViewChange(change: Pick<ViewChangedNotice, 'orgId' | 'view'>): string {
  return change.orgId ? Rooms.org(change.orgId) : Rooms.view(change.view);
}
