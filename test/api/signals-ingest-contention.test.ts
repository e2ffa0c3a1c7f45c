import { alertStreamFor } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { alerts, createSource, createTeam, ingest, type CreatedSource } from './signals-ingest.support';
import { eventually } from '../support/eventually';

/**
 * A monitoring tool takes a 4xx as final: payloads for one alert that arrive together must all be applied, one
 * after the other, however many they are, whether they reach one api process or several sharing the log.
 */
describe('signals ingest under contention', () => {
  let app: TestApp;
  let second: TestApp;
  let owner: Client;
  let teamId: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    teamId = await createTeam(owner, 'Contention');
  });
  afterAll(async () => {
    await second?.close();
    await app.close();
  });

  const newSource = (name: string) =>
    createSource(owner, { name, format: 'generic', team_id: teamId, rate_limit_per_minute: 100_000 });
  const typesOn = async (source: CreatedSource, dedupKey: string) => {
    const events = await app.runtime.infra.eventStore.readStream(alertStreamFor(source.id, dedupKey));
    return events.map((event) => event.type);
  };
  const count = (list: string[], what: string) => list.filter((x) => x === what).length;

  it('200 identical payloads at once: all 202, one alert counted 200 times', async () => {
    const source = await newSource('Many at once');
    const body = { summary: 'Many at once', dedup_key: 'many' };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => ingest(app.url, `/ingest/${source.token}`, body)),
    );
    expect(answers.filter((a) => a.status !== 202).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const outcomes = answers.map((a) => a.body.data.results[0].outcome as string);
    expect(count(outcomes, 'new_alert')).toBe(1);
    expect(count(outcomes, 'deduplicated')).toBe(199);
    expect(await typesOn(source, 'many')).toEqual(['AlertTriggered', ...Array(199).fill('AlertDeduplicated')]);
    await eventually(async () => {
      const list = (await owner.get(alerts).query({ source_id: source.id }).expect(200)).body;
      expect(list.pagination.total).toBe(1);
      expect(list.data[0].count).toBe(200);
      return true;
    });
  });

  it('triggers and resolves of one key at once: all 202, each answer is an event on the stream', async () => {
    const source = await newSource('Flapping');
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      summary: 'Flapping',
      dedup_key: 'flap',
      ...(i % 2 === 1 && { status: 'resolve' }),
    }));
    const answers = await Promise.all(bodies.map((body) => ingest(app.url, `/ingest/${source.token}`, body)));
    expect(answers.filter((a) => a.status !== 202).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const outcomes = answers.map((a) => a.body.data.results[0].outcome as string);
    const types = await typesOn(source, 'flap');
    expect(count(types, 'AlertTriggered')).toBe(count(outcomes, 'new_alert') + count(outcomes, 'reopened'));
    expect(count(types, 'AlertDeduplicated')).toBe(count(outcomes, 'deduplicated'));
    expect(count(types, 'AlertResolved')).toBe(count(outcomes, 'resolved'));
    expect(count(outcomes, 'resolved') + count(outcomes, 'ignored')).toBe(25);
    expect(count(outcomes, 'new_alert')).toBe(1);
  });

  it('two api processes on one log: 60 identical payloads split between them, all 202, counted 60 times', async () => {
    const source = await newSource('Two processes');
    second = await startApp({ dataDir: app.dataDir });
    const body = { summary: 'Two processes', dedup_key: 'shared' };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => ingest((i % 2 ? second : app).url, `/ingest/${source.token}`, body)),
    );
    expect(answers.filter((a) => a.status !== 202).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const outcomes = answers.map((a) => a.body.data.results[0].outcome as string);
    expect(count(outcomes, 'new_alert')).toBe(1);
    expect(await typesOn(source, 'shared')).toEqual(['AlertTriggered', ...Array(59).fill('AlertDeduplicated')]);
  });
});
