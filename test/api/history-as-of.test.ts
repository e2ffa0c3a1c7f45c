import { EventIndexBehindError, type ReadAllOptions, type RecordedEvent } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { DEMO_ORG } from '../support/paging';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const items = '/api/v1/signals/notification_policy_items';

/**
 * A view "as of" a position is replayed for the caller's organization from that organization's events alone:
 * another tenant's history, however long, is neither shown nor read.
 */
describe('history as of a moment', () => {
  let app: TestApp;
  let demo: Client;
  let other: Client;

  beforeAll(async () => {
    app = await startApp();
    demo = await signInAs(app.url, 'owner');
    const email = `busy-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Busy', email, password: 'busy-org-secret', organization_name: 'Busy Org' });
    other = await signIn(app.url, email, 'busy-org-secret');
  });
  afterAll(() => app.close());

  /** The events the log hands out while `run` runs (the store itself, watched, not replaced). */
  async function eventsReadDuring(run: () => Promise<unknown>): Promise<RecordedEvent[]> {
    const log = app.runtime.infra.eventStore;
    const readAll = log.readAll;
    const read: RecordedEvent[] = [];
    log.readAll = async (options: ReadAllOptions) => {
      const page = await readAll.call(log, options);
      read.push(...page);
      return page;
    };
    try {
      await run();
    } finally {
      log.readAll = readAll;
    }
    return read;
  }

  it("reads and folds only the caller's events: another tenant's many changes neither appear nor count", async () => {
    const mine = (
      await demo
        .post(items)
        .send({ priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' })
        .expect(201)
    ).body.data.id;
    const theirs = (
      await other
        .post(items)
        .send({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT1M' })
        .expect(201)
    ).body.data.id;
    for (let minutes = 2; minutes <= 41; minutes++)
      await other
        .patch(`${items}/${theirs}`)
        .send({ max_delay: `PT${minutes}M` })
        .expect(200);
    // the busy tenant's last change: the moment asked for comes after all of it
    const position = (await other.get('/api/v1/history').query({ per_page: 1 }).expect(200)).body.data[0].position;

    let documents: Array<{ _id: string; orgId: string }> = [];
    const read = await eventsReadDuring(async () => {
      const asOf = await demo.get('/api/v1/history/as_of').query({ view: 'notification-policy-items', position });
      expect(asOf.status).toBe(200);
      documents = asOf.body.data.collections.notification_policy_items;
    });

    expect(documents.map((d) => d._id)).toContain(mine);
    expect(documents.every((d) => d.orgId === DEMO_ORG)).toBe(true);
    // the busy tenant's 41 events were not read: every event read is this organization's
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((e) => e.metadata.orgId !== DEMO_ORG)).toEqual([]);
    // and the other tenant still sees its own past
    const before = (await other.get('/api/v1/history/as_of').query({ view: 'notification-policy-items', position }))
      .body.data.collections.notification_policy_items as Array<{ _id: string; max_delay: string }>;
    expect(before).toEqual([expect.objectContaining({ _id: theirs, max_delay: 'PT41M' })]);
  });

  it("says when to ask again while the event store's organization index catches up (EventStoreDB's follower)", async () => {
    const log = app.runtime.infra.eventStore;
    const readAll = log.readAll;
    log.readAll = async () => {
      throw new EventIndexBehindError(10_000);
    };
    try {
      for (const request of [
        demo.get('/api/v1/history/as_of').query({ view: 'notification-policy-items', position: 1 }),
        demo.get('/api/v1/history'),
      ]) {
        const answer = await request;
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.body).toEqual({
          error: 'index_catching_up',
          message: "The organization's history is still being indexed. Try again in a few seconds.",
        });
      }
    } finally {
      log.readAll = readAll;
    }
  });
});
