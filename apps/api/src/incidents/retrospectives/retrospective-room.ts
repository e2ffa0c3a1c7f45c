import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { incidentStream, permissionsOf, retrospectiveStream } from '@tocsin/domain';
import { incidentsView } from '@tocsin/read-models';
import { RoomKinds } from '../../realtime/room-kinds';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { incidentIdOf } from '../incidents/incident-room';

/** The incident whose retrospective an event of the retrospective's own stream is (every one names it). */
const retrospectiveIdOf = (stream: string, data: unknown): string | undefined => {
  const id = (data as { incidentId?: unknown } | null)?.incidentId;
  return typeof id === 'string' && stream === retrospectiveStream(id) ? id : undefined;
};

/**
 * `room:retrospective:{incidentId}`, the retrospective page: who is viewing it and typing an answer, and its
 * events live (answers, contributing factors, state, its start), so every editor's page refreshes within a second
 * and catches up after a lost connection. A room of its own rather than the incident's: the retrospective is on
 * its own stream, and its viewers are not the incident page's. The incident's own events come too, since the
 * document is filled in from the incident as it is now (milestones, roles, follow-ups, starred entries).
 *
 * Readers are those of GET /incidents/{id}/retrospective: read_incidents in the incident's organization (no team
 * restricts incidents); another organization's incident, or none, is refused. The room opens before the
 * retrospective starts, so the start screen hears someone else start it.
 */
@Injectable()
export class RetrospectiveRoom implements OnModuleInit {
  constructor(
    private readonly kinds: RoomKinds,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  onModuleInit(): void {
    this.kinds.register('retrospective', {
      mayRead: async (session, orgId, id) =>
        permissionsOf(session.role).includes('read_incidents') && !!(await incidentsView.find(this.store, orgId, id)),
      streams: async (orgId, id) =>
        (await incidentsView.find(this.store, orgId, id)) ? [retrospectiveStream(id), incidentStream(id)] : [],
      idsOf: (event) => {
        const id = retrospectiveIdOf(event.stream, event.data) ?? incidentIdOf(event.stream, event.type, event.data);
        return id ? [id] : [];
      },
      // no `present`: the type, position and time; the page reads the retrospective again after it
    });
  }
}
