import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { INCIDENT_EVENT_TYPES, incidentStream, permissionsOf } from '@tocsin/domain';
import { incidentsView } from '@tocsin/read-models';
import { RoomKinds } from '../../realtime/room-kinds';
import { READ_STORE, type ReadStore } from '../../runtime/ports';

const INCIDENT_EVENTS = new Set<string>(INCIDENT_EVENT_TYPES);

/** The incident an event of its own stream names (every incident event carries `incidentId`). */
export const incidentIdOf = (stream: string, type: string, data: unknown): string | undefined => {
  if (!INCIDENT_EVENTS.has(type)) return undefined;
  const id = (data as { incidentId?: unknown } | null)?.incidentId;
  // the numbers and visit streams also start with `incident-`: only the incident's own stream counts
  return typeof id === 'string' && stream === incidentStream(id) ? id : undefined;
};

/**
 * `room:incident:{id}`, the live incident room (the incident page): who is viewing and typing a note, and the
 * incident's events live, so every viewer refreshes within a second and catches up after a lost connection.
 * Readers with read_incidents of the incident's organization; another organization's incident is refused like a
 * missing one.
 */
@Injectable()
export class IncidentRoom implements OnModuleInit {
  constructor(
    private readonly kinds: RoomKinds,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  onModuleInit(): void {
    this.kinds.register('incident', {
      mayRead: async (session, orgId, id) =>
        permissionsOf(session.role).includes('read_incidents') && !!(await incidentsView.find(this.store, orgId, id)),
      streams: async (orgId, id) => ((await incidentsView.find(this.store, orgId, id)) ? [incidentStream(id)] : []),
      idsOf: (event) => {
        const id = incidentIdOf(event.stream, event.type, event.data);
        return id ? [id] : [];
      },
      // no `present`: a viewer receives the event's type, log position and time, never its payload (a note's words
      // stay behind read_incidents' own calls); the page refetches the incident and the timeline after it
    });
  }
}
