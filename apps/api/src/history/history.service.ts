import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { HistoryEvent, HistoryPage } from '@tocsin/contracts';
import { NOT_IN_HISTORY } from '@tocsin/domain';
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
  async page(query: HistoryQueryDto, orgId: string): Promise<HistoryPage> {
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
    const data = events.slice(0, perPage).map(present);
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

  async stream(stream: string, orgId: string): Promise<HistoryEvent[]> {
    const events = (await this.events.readStream(stream)).filter((e) => e.metadata.orgId === orgId);
    if (events.length === 0)
      throw new NotFoundException({ error: 'not_found', message: `Stream "${stream}" not found` });
    return events.map(present);
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
  async asOf(viewName: string, position: number, orgId: string) {
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
    const documents = (await store.find(projection.collection, { orgId })).map(redact);
    return { view: viewName, position, collections: { [projection.collection]: documents } };
  }
}

/** Hashes and sealed secrets (a webhook target's `secret` and `previousSecret`, an API key's hashes among them). */
const SECRET_FIELDS = new Set([
  'passwordHash',
  'tokenHash',
  'signingSecret',
  'secret',
  'previousSecret',
  'secretHash',
  'previousSecretHash',
]);

/** Auditors see that a password changed, never its hash. */
function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redact) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : redact(v)]),
  ) as T;
}

function present(event: RecordedEvent): HistoryEvent {
  return { ...event, data: redact(event.data) };
}
