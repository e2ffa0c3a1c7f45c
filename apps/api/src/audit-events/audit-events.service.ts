import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AuditEvent, AuditEventFilter, AuditEventsPage } from '@tocsin/contracts';
import {
  auditActorOf,
  auditResourceOf,
  NOT_IN_HISTORY,
  redactEventData,
  seesPersonalData,
  type AccountRole,
} from '@tocsin/domain';
import type { ReadAllFilter, RecordedEvent } from '@tocsin/platform';
import { apiKeysView, usersView } from '@tocsin/read-models';
import { featureFlagsOf } from '../organization-admin/organization-feature-flags';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '../runtime/ports';
import { decodeCursor, encodeCursor } from './audit-cursor';

/** Who reads: the organization (from the session) and whether personal data is theirs to see. */
export interface AuditReader {
  orgId: string;
  role: AccountRole | null;
}

/** Events are read from the log in chunks of this many: bounded memory whatever a request asks for. */
const CHUNK = 500;

/**
 * The audit trail is the event log itself, read through the store's organization index from a position (never
 * an offset), so a page deep in millions of events costs what the first one does.
 */
@Injectable()
export class AuditEventsService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Off (flag auditEvents), the audit trail does not exist for the organization. */
  async assertOn(orgId: string): Promise<void> {
    if (!(await featureFlagsOf(this.readStore, orgId)).auditEvents)
      throw new NotFoundException({
        error: 'not_found',
        message: 'Audit events are not turned on for this organization',
      });
  }

  /** Newest first; `cursor` continues after a page's last event. */
  async page(
    query: AuditEventFilter & { cursor?: string; per_page?: number },
    reader: AuditReader,
  ): Promise<AuditEventsPage> {
    const perPage = query.per_page ?? 50;
    const events = await this.events.readAll({
      after: query.cursor === undefined ? null : decodeCursor(query.cursor),
      maxCount: perPage + 1,
      filter: filterOf(query, reader.orgId),
      direction: 'backwards',
    });
    const data = events.slice(0, perPage).map((event) => present(event, reader));
    const more = events.length > perPage;
    return {
      data,
      names: await this.actorNames(data, reader),
      pagination: { per_page: perPage, next_cursor: more ? data[data.length - 1].cursor : null },
    };
  }

  /** Names for the actors of a page's events (ids from this organization's log, never from the request). */
  private async actorNames(events: AuditEvent[], reader: AuditReader): Promise<Record<string, string>> {
    const ids = (kinds: readonly string[]) => [
      ...new Set(events.filter((e) => e.actor.id && kinds.includes(e.actor.kind)).map((e) => e.actor.id!)),
    ];
    const people = seesPersonalData(reader.role) ? ids(['person', 'link']) : [];
    const keys = ids(['key']);
    const [users, apiKeys] = await Promise.all([
      people.length ? usersView.byIds(this.readStore, people) : [],
      keys.length ? apiKeysView.byIds(this.readStore, reader.orgId, keys) : [],
    ]);
    return Object.fromEntries([
      ...users.map((user) => [user._id, user.name || user.email]),
      ...apiKeys.map((key) => [key._id, key.name]),
    ]);
  }

  /** Oldest first after `after`, at most `limit`, in chunks: each one read only when the last is written. */
  async *forwards(
    query: AuditEventFilter & { after?: string },
    reader: AuditReader,
    limit: number,
  ): AsyncGenerator<AuditEvent> {
    let after = query.after === undefined ? null : decodeCursor(query.after);
    const filter = filterOf(query, reader.orgId);
    for (let left = limit; left > 0;) {
      const chunk = await this.events.readAll({ after, maxCount: Math.min(CHUNK, left), filter });
      for (const event of chunk) yield present(event, reader);
      if (chunk.length < Math.min(CHUNK, left)) return;
      left -= chunk.length;
      after = chunk[chunk.length - 1].position;
    }
  }
}

function filterOf(query: AuditEventFilter, orgId: string): ReadAllFilter {
  return {
    // a kind alone (`alert`) means all of its streams; with an id, the streams that start with it
    streamPrefix: query.resource && (query.resource.includes('-') ? query.resource : `${query.resource}-`),
    eventTypes: query.type ? [query.type] : undefined,
    excludeEventTypes: [...NOT_IN_HISTORY],
    actorId: query.actor,
    orgId,
    from: query.from,
    to: query.to,
  };
}

function present(event: RecordedEvent, reader: AuditReader): AuditEvent {
  const { metadata } = event;
  return {
    id: event.id,
    cursor: encodeCursor(event.position),
    type: event.type,
    occurred_at: metadata.occurredAt,
    organization_id: reader.orgId,
    actor: { ...auditActorOf(metadata), via: metadata.via ?? null },
    resource: auditResourceOf(event.stream),
    correlation_id: metadata.correlationId,
    data: redactEventData(event.data, { personal: seesPersonalData(reader.role) }),
  };
}
