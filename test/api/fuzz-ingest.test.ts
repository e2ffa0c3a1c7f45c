import { gzipSync } from 'node:zlib';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { sendRaw } from '../support/raw-http';
import { signInAs, type Client } from '../support/session';
import { alertmanagerPayload, alerts, createSource, createTeam, logs } from './signals-ingest.support';

/** Keys that name Object.prototype's members: ordinary unknown values wherever input is looked up. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString'];
/** Deeper than any stack of a supported Node.js line can recurse (22.16 answered 500 for this). */
const DEEP = 50_000;
const deep = (levels: number) => `${'['.repeat(levels)}"bottom"${']'.repeat(levels)}`;

type Format = 'generic' | 'alertmanager' | 'pagerduty';

/** A valid payload of `format` around a raw JSON `value`, placed where each format keeps free-form labels. */
function around(format: Format, value: string, severity = 'critical'): string {
  if (format === 'generic') return `{"summary":"fuzz","labels":{"v":${value}}}`;
  if (format === 'alertmanager') {
    return `{"version":"4","alerts":[{"status":"firing","labels":{"alertname":"Fuzz","severity":"${severity}","v":${value}}}]}`;
  }
  return `{"event_action":"trigger","payload":{"summary":"fuzz","source":"h","severity":"${severity}","custom_details":{"v":${value}}}}`;
}

/** What every ingest URL meets: nothing earns a 5xx, and every payload to a known source is logged. */
const HOSTILE: Array<[string, (format: Format) => string | Buffer]> = [
  ['a label value nested 50,000 deep', (format) => around(format, deep(DEEP))],
  ['objects nested 50,000 deep', (format) => around(format, `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`)],
  ['a body that is only nesting', () => deep(DEEP)],
  ['brackets inside strings do not count', (format) => around(format, JSON.stringify('['.repeat(DEEP)))],
  ['a __proto__ key', (format) => around(format, '{"__proto__":{"polluted":true}}')],
  ['a constructor.prototype key', (format) => around(format, '{"constructor":{"prototype":{"polluted":true}}}')],
  ['a lone surrogate and a NUL', (format) => around(format, '"\\ud800\\u0000"')],
  ['a number beyond doubles', (format) => around(format, '1e400')],
  ['not JSON', () => '{"summary": "cut'],
  ['JSON null', () => 'null'],
  ['a list', () => '[]'],
  ['gzip of nesting', (format) => gzipSync(around(format, deep(DEEP)))],
];

describe('fuzz: hostile payloads to every ingest URL earn a 4xx or a 2xx, never a 5xx, and are logged', () => {
  let app: TestApp;
  let owner: Client;
  const sources = {} as Record<Format, { id: string; token: string }>;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Fuzzed');
    // a rule on priority reads the priority of every alert: a priority from the prototype broke it (500)
    await owner
      .post(`/api/v1/teams/${teamId}/alert_rules`)
      .send({
        name: 'Quiet lows',
        conditions: [{ field: 'priority', operator: 'contains', value: 'zz' }],
        action: { type: 'drop' },
      })
      .expect(201);
    for (const format of ['generic', 'alertmanager', 'pagerduty'] as const) {
      sources[format] = await createSource(owner, { name: `Fuzz ${format}`, format, team_id: teamId });
    }
  });
  afterAll(() => app.close());

  const urls = (format: Format) => {
    const { token } = sources[format];
    if (format === 'generic') return [`/ingest/${token}`];
    if (format === 'alertmanager') return [`/ingest/${token}/alertmanager`];
    return [`/ingest/${token}/pagerduty/v2/enqueue`];
  };
  const post = (path: string, body: string | Buffer, gzip = false) =>
    sendRaw(
      app.url,
      'POST',
      path,
      { 'content-type': 'application/json', ...(gzip && { 'content-encoding': 'gzip' }) },
      body,
    );
  const logged = async (format: Format) =>
    (await owner.get(logs).query({ source_id: sources[format].id, per_page: 1 }).expect(200)).body.pagination
      .total as number;

  it.each(['generic', 'alertmanager', 'pagerduty'] as const)(
    '%s: answers every hostile payload below 500 and logs each one',
    async (format) => {
      const before = await logged(format);
      let sent = 0;
      for (const path of urls(format)) {
        for (const [name, make] of HOSTILE) {
          const body = make(format);
          const answer = await post(path, body, Buffer.isBuffer(body));
          expect({ name, path, status: answer.status < 500 ? 'below 500' : answer.text }).toEqual({
            name,
            path,
            status: 'below 500',
          });
          sent++;
        }
      }
      await eventually(async () => {
        expect(await logged(format)).toBe(before + sent);
        return true;
      });
    },
  );

  it('refuses over-deep JSON with a 400 that says so, on the token-less PagerDuty URL too', async () => {
    const answer = await post(`/ingest/${sources.generic.token}`, around('generic', deep(DEEP)));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The payload is nested too deeply (at most 32 levels of objects and lists)');
    const keyless = await post(
      '/ingest/pagerduty/v2/enqueue',
      `{"routing_key":"${sources.pagerduty.token}","payload":${deep(DEEP)}}`,
    );
    expect(keyless.status).toBe(400);
    // and a JSON body anywhere else
    const elsewhere = await sendRaw(app.url, 'POST', '/sessions', { 'content-type': 'application/json' }, deep(DEEP));
    expect(elsewhere.status).toBe(400);
  });

  it.each(PROTOTYPE_KEYS)('reads a severity of %s as an unknown one in every format', async (severity) => {
    // Alertmanager: any other severity is MEDIUM (README "Ingest")
    const group = alertmanagerPayload([{ labels: { alertname: `Proto ${severity}`, severity } }]);
    const accepted = await post(`/ingest/${sources.alertmanager.token}/alertmanager`, JSON.stringify(group));
    expect(accepted.status).toBe(202);
    const { alert_id: alertId } = (accepted.body as { data: { results: Array<{ alert_id: string }> } }).data.results[0];
    await eventually(async () => {
      expect((await owner.get(`${alerts}/${alertId}`).expect(200)).body.data.priority).toBe('MEDIUM');
      return true;
    });
    // PagerDuty: a severity outside its four is an invalid event, on both of its URLs
    for (const path of [`/ingest/${sources.pagerduty.token}/pagerduty/v2/enqueue`, '/ingest/pagerduty/v2/enqueue']) {
      const event = {
        routing_key: sources.pagerduty.token,
        event_action: 'trigger',
        payload: { summary: 'proto', source: 'h', severity },
      };
      const refused = await post(path, JSON.stringify(event));
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({
        status: 'invalid event',
        errors: [expect.stringContaining("'payload.severity' is invalid")],
      });
    }
    // generic: a priority outside HIGH, MEDIUM, LOW is refused naming the field
    const generic = await post(
      `/ingest/${sources.generic.token}`,
      JSON.stringify({ summary: 'p', priority: severity }),
    );
    expect(generic.status).toBe(400);
    expect(generic.body.fields).toHaveProperty('priority');
  });
});
