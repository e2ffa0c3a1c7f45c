import { Inject, Injectable } from '@nestjs/common';
import { ingestLogStream, type PayloadReceived } from '@tocsin/domain';
import type { NewEvent } from '@tocsin/platform';
import { EVENT_STORE, type EventStore } from '../../runtime/ports';

type Entry = PayloadReceived['data'];

/**
 * The ingest log's writer. Entries of payloads received together are appended together, one append per
 * source (its `ingestLog-{id}` stream, no expected revision: a log decides nothing), and each caller waits
 * for its own entry to be durable before answering. A flood is turned away by the source's limit before it
 * reaches here, and its refusals leave one entry a minute: the log grows with what the limits let in.
 */
@Injectable()
export class IngestLogWriter {
  private pending: Array<{ entry: Entry; done: (error?: unknown) => void }> = [];
  private scheduled = false;

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  record(entry: Entry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ entry, done: (error) => (error ? reject(error as Error) : resolve()) });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const bySource = new Map<string, typeof batch>();
    for (const item of batch) {
      const list = bySource.get(item.entry.sourceId);
      if (list) list.push(item);
      else bySource.set(item.entry.sourceId, [item]);
    }
    await Promise.all(
      [...bySource].map(async ([sourceId, items]) => {
        const events: NewEvent[] = items.map(({ entry }) => ({
          id: entry.payloadId,
          type: 'PayloadReceived',
          data: entry,
          metadata: {
            orgId: entry.orgId,
            actorId: null,
            commandId: entry.payloadId,
            correlationId: entry.payloadId,
            causationId: entry.payloadId,
            occurredAt: entry.receivedAt,
            schemaVersion: 1,
          },
        }));
        try {
          await this.eventStore.append(ingestLogStream(sourceId), events, 'any');
          for (const item of items) item.done();
        } catch (error) {
          for (const item of items) item.done(error);
        }
      }),
    );
  }
}
