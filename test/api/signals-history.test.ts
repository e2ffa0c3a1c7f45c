import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { alerts, createSource, createTeam, ingest } from './signals-ingest.support';
import { eventually } from '../support/eventually';

/** The organization's history is what auditors read: people's actions and alert lifecycles, not machine traffic. */
describe('history leaves the ingest log and duplicates out', () => {
  let app: TestApp;
  let owner: Client;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('keeps the source, the trigger, the acknowledgement and the resolution; leaves out payloads and repeats', async () => {
    const teamId = await createTeam(owner, 'Audited');
    const source = await createSource(owner, { name: 'Audited tool', format: 'generic', team_id: teamId });
    const url = `/ingest/${source.token}`;
    const body = { summary: 'Disk full', dedup_key: 'disk' };
    const first = await ingest(app.url, url, body).expect(202);
    const alertId = first.body.data.results[0].alert_id as string;
    for (let i = 0; i < 3; i++) await ingest(app.url, url, body).expect(202);
    await eventually(() => owner.post(`${alerts}/${alertId}/acknowledge`).expect(200));
    await ingest(app.url, url, { ...body, status: 'resolve' }).expect(202);

    const types = (await owner.get('/api/v1/history').query({ per_page: 500 }).expect(200)).body.data.map(
      (e: { type: string }) => e.type,
    );
    expect(types).toEqual(
      expect.arrayContaining(['EventSourceCreated', 'AlertTriggered', 'AlertAcknowledged', 'AlertResolved']),
    );
    expect(types).not.toContain('PayloadReceived');
    expect(types).not.toContain('AlertDeduplicated');
    // asked for by name, still left out: they are read on /signals/logs
    const asked = await owner.get('/api/v1/history').query({ type: 'PayloadReceived' }).expect(200);
    expect(asked.body.data).toEqual([]);
    // the events stay in the log: the ingest log view still shows every payload
    await eventually(async () => {
      const page = (await owner.get('/api/v1/signals/logs').query({ source_id: source.id }).expect(200)).body;
      expect(page.data).toHaveLength(5);
      return true;
    });
  });
});
