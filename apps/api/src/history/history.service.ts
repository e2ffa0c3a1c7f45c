import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { HistoryEvent, HistoryPage } from '@tocsin/contracts';
import { NOT_IN_HISTORY, redactEventData, seesPersonalData, type AccountRole } from '@tocsin/domain';
import { applyBatch, MemoryReadStore, type RecordedEvent, type ReadAllFilter } from '@tocsin/platform';
import { findProjection, PROJECTIONS } from '@tocsin/read-models';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '../runtime/ports';
import type { HistoryQueryDto } from './history.dto';

const REPLAY_PAGE = 5000;

/** Auditors' view of the log: pages of events, single streams, and read models as of a position. */
@Injectable()
export class HistoryService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Newest first by default (`before` pages back); `after` pages forwards, oldest first. */
  async page(query: HistoryQueryDto, orgId: string, role: AccountRole | null): Promise<HistoryPage> {
    const perPage = query.per_page ?? 50;
    const filter: ReadAllFilter = {
      streamPrefix: query.stream_prefix,
      eventTypes: query.type ? [query.type] : undefined,
      excludeEventTypes: [...NOT_IN_HISTORY],
      actorId: query.actor,
      orgId,
      from: query.from,
      to: query.to,
    };
    const forwards = query.after !== undefined;
    const events = forwards
      ? await this.events.readAll({ after: query.after!, maxCount: perPage + 1, filter })
      : await this.events.readAll({
          after: query.before ?? null,
          maxCount: perPage + 1,
          filter,
          direction: 'backwards',
        });
    const more = events.length > perPage;
    const data = events.slice(0, perPage).map((e) => present(e, seesPersonalData(role)));
    const last = data[data.length - 1]?.position ?? null;
    const first = data[0]?.position ?? null;
    return {
      data,
      pagination: {
        per_page: perPage,
        next_cursor: more ? last : null,
        prev_cursor: forwards ? (query.after ?? null) : first,
      },
    };
  }

  async stream(stream: string, orgId: string, role: AccountRole | null): Promise<HistoryEvent[]> {
    const events = (await this.events.readStream(stream)).filter((e) => e.metadata.orgId === orgId);
    if (events.length === 0)
      throw new NotFoundException({ error: 'not_found', message: `Stream "${stream}" not found` });
    return events.map((e) => present(e, seesPersonalData(role)));
  }

  views() {
    return Promise.all(
      PROJECTIONS.map(async (p) => ({
        name: p.name,
        version: p.version,
        collections: [p.collection],
        position: (await this.readStore.checkpoint(p.name))?.position ?? null,
      })),
    );
  }

  /**
   * Replays one view in memory over the log up to `position` (inclusive); the live view is untouched. Only
   * the caller's organization's events are read and folded, so the cost does not grow with other tenants.
   */
  async asOf(viewName: string, position: number, orgId: string, role: AccountRole | null) {
    const projection = findProjection(viewName);
    if (!projection) throw new NotFoundException({ error: 'not_found', message: `Unknown view "${viewName}"` });
    const store = new MemoryReadStore();
    let checkpoint = { position: null as number | null, version: projection.version };
    for (let after: number | null = null; ;) {
      const page: RecordedEvent[] = await this.events.readAll({
        after,
        maxCount: REPLAY_PAGE,
        filter: { eventTypes: [...projection.handles], orgId },
      });
      const upTo = page.filter((e) => e.position <= position);
      if (upTo.length > 0) checkpoint = (await applyBatch(store, projection, checkpoint, upTo)).checkpoint;
      if (upTo.length < page.length || page.length < REPLAY_PAGE) break;
      after = page[page.length - 1].position;
    }
    const documents = (await store.find(projection.collection, { orgId })).map((doc) =>
      redactEventData(doc, { personal: seesPersonalData(role) }),
    );
    return { view: viewName, position, collections: { [projection.collection]: documents } };
  }
}

/** Auditors see that a password changed, never its hash; personal data only when they are owners. */
function present(event: RecordedEvent, personal: boolean): HistoryEvent {
  return { ...event, data: redactEventData(event.data, { personal }) };
}
