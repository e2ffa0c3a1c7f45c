import { ingestLogStream, type PayloadReceived } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  MemoryReadStore,
  EXPIRY_INTERVAL_MS,
  applyBatch,
} from '../../../../../../test/support/projection-spec';
import { ingestLogsView, INGEST_LOG_RETENTION } from '@tocsin/read-models';
import { ingestLogsProjection as view } from './ingest-logs.projection';

const recorded = eventRecorder<PayloadReceived>({ orgId: 'org-1' });
const received = (payloadId: string, data: Partial<PayloadReceived['data']>): PayloadReceived => ({
  type: 'PayloadReceived',
  data: {
    payloadId,
    orgId: 'org-1',
    sourceId: 's1',
    format: 'alertmanager',
    receivedAt: minute(0),
    outcome: 'new_alert',
    results: [],
    ...data,
  },
});

describe('ingest logs projection', () => {
  const log = eventLogPerTest('ingest-logs');

  it('keeps one entry per payload with every outcome of its group, once', async () => {
    await log.events.append(
      ingestLogStream('s1'),
      [
        recorded(
          received('p1', {
            results: [
              { outcome: 'new_alert', dedupKey: 'f1', alertId: 'a1', summary: 'x', episode: 1 },
              { outcome: 'deduplicated', dedupKey: 'f2', alertId: 'a2', summary: 'y', episode: 1 },
            ],
          }),
        ),
        recorded(received('p2', { outcome: 'rejected', message: 'The payload is not valid JSON', excerpt: '{' })),
      ],
      'any',
    );
    const history = await log.events.readStream(ingestLogStream('s1'));
    const { store, checkpoint } = await project(view, history);
    expect(await store.findOne(view.collection, { _id: 'p1' })).toMatchObject({
      outcome: 'new_alert',
      outcomes: ['new_alert', 'deduplicated'],
      message: null,
      errors: [],
      position: history[0].position,
    });
    expect(await store.findOne(view.collection, { _id: 'p2' })).toMatchObject({
      outcome: 'rejected',
      outcomes: ['rejected'],
      message: 'The payload is not valid JSON',
      excerpt: '{',
    });
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('is bounded: entries a week older than the newest payload are dropped as new ones are folded', async () => {
    const day = (n: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 86_400_000).toISOString();
    await log.events.append(
      ingestLogStream('s1'),
      [
        recorded(received('old', { receivedAt: day(0) })),
        recorded(received('kept', { receivedAt: day(2) })),
        recorded(received('new', { receivedAt: day(INGEST_LOG_RETENTION.maxAgeDays + 1) })),
      ],
      'any',
    );
    const history = await log.events.readStream(ingestLogStream('s1'));
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      const { store, checkpoint } = await project(view, history.slice(0, 2));
      expect((await store.find(view.collection)).map((d) => d._id).sort()).toEqual(['kept', 'old']);
      // a later batch, once the view may look again: the week before the newest payload is kept, the rest dropped
      now.mockReturnValue(1_000_000 + EXPIRY_INTERVAL_MS);
      const next = await applyBatch(store, view, checkpoint, history.slice(2));
      expect(next.checkpoint.position).toBe(history[2].position);
      expect((await store.find(view.collection)).map((d) => d._id).sort()).toEqual(['kept', 'new']);
    } finally {
      now.mockRestore();
    }
    // the events stay in the log
    expect(await log.events.readStream(ingestLogStream('s1'))).toHaveLength(3);
  });

  it("keeps an organization's newest entries beyond its bound, and leaves other organizations alone", async () => {
    const store = new MemoryReadStore();
    const entry = (id: string, orgId: string, position: number) => ({
      _id: id,
      orgId,
      sourceId: 's1',
      format: 'generic',
      outcome: 'new_alert',
      outcomes: ['new_alert'],
      results: [],
      message: null,
      errors: [],
      excerpt: null,
      received_at: minute(position),
      position,
    });
    await store.commit('seed', { position: 1, version: 1 }, [
      ...[1, 2, 3, 4, 5].map((n) => ({
        op: 'put' as const,
        collection: view.collection,
        doc: entry(`a${n}`, 'org-a', n),
      })),
      ...[6, 7, 8].map((n) => ({ op: 'put' as const, collection: view.collection, doc: entry(`b${n}`, 'org-b', n) })),
    ]);
    const expired = await ingestLogsView.expired(store, minute(9), ['org-a', 'org-a'], {
      maxAgeDays: 7,
      perOrganization: 3,
    });
    expect(expired.sort()).toEqual(['a1', 'a2']);
  });
});
