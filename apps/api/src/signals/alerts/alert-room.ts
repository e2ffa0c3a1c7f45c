import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { alertStreamFor, permissionsOf } from '@tocsin/domain';
import { alertsView } from '@tocsin/read-models';
import { RoomKinds } from '../../realtime/room-kinds';
import { READ_STORE, type ReadStore } from '../../runtime/ports';

/** An alert's id, from an event of its stream (every alert event names it). */
const alertIdOf = (data: unknown): string | undefined => {
  const id = (data as { alertId?: unknown } | null)?.alertId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * `room:alert:{id}`, the alert's detail page: who else is looking at it, and its stream's events live. Readers
 * with read_alerts of the alert's organization; another organization's alert is refused like a missing one.
 */
@Injectable()
export class AlertRoom implements OnModuleInit {
  constructor(
    private readonly kinds: RoomKinds,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  onModuleInit(): void {
    this.kinds.register('alert', {
      mayRead: async (session, orgId, id) =>
        permissionsOf(session.role).includes('read_alerts') && !!(await alertsView.find(this.store, orgId, id)),
      streams: async (orgId, id) => {
        const doc = await alertsView.find(this.store, orgId, id);
        return doc ? [alertStreamFor(doc.sourceId, doc.dedupKey)] : [];
      },
      idsOf: (event) => {
        const id = event.stream.startsWith('alert-') ? alertIdOf(event.data) : undefined;
        return id ? [id] : [];
      },
      // what changed, never the payload: the page refetches the alert itself
      present: (event) => ({ episode: (event.data as { episode?: unknown }).episode ?? null }),
    });
  }
}
