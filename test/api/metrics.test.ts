import { serveMetrics, type MetricsServer } from '@tocsin/platform';
import { resolve } from 'node:path';
import { PROJECTIONS } from '@tocsin/read-models';
import request from 'supertest';
import type { TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { describeWhen } from '../support/describe-when';
import {
  hasPrometheus,
  parseSeries,
  promtool,
  PROMETHEUS,
  PROMTOOL,
  startMetricsProcess,
  startPrometheus,
  type RunningPrometheus,
  type Series,
} from '../support/metrics';
import { DEMO_ORG, demoUserId, policyOf, savePhone, startPagingApp, triggerAlert } from '../support/paging';
import { signInAs, type Client } from '../support/session';
import { alertmanagerPayload, createSource, createTeam, ingest } from './signals-ingest.support';

/** The standalone projector, built (npm test builds it first). */
const PROJECTOR = resolve(__dirname, '../../apps/projector/dist/main.js');
/** The README's example alert rules. */
const RULES = resolve(__dirname, '../../deploy/prometheus/tocsin-alerts.yml');
const TOKEN = 'metrics-token-for-the-suite-0123456789';
const SOURCES = 100;
const ALERTS_PER_SOURCE = 10;
/** An id in any of Tocsin's shapes: a UUID, a 32-hex token, a sha256, or a sign-up's org- / source- prefix. */
const ID_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}-|[0-9a-f]{32}|org-|source-/i;

/**
 * GET /metrics (README, "Metrics"): the bearer token when set, the series a scrape shows after real traffic, and
 * that 1,000 alerts from 100 sources add no series of their own (no id is ever a label).
 */
describe('metrics', () => {
  let app: TestApp;
  let owner: Client;
  let close: () => Promise<void>;
  let prometheus: RunningPrometheus | null = null;
  const sourceIds: string[] = [];
  const alertIds: string[] = [];

  const scrape = async (): Promise<Series[]> =>
    parseSeries((await request(app.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text);
  const valueOf = (series: Series[], name: string, labels: Record<string, string> = {}) =>
    series
      .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
      .reduce((sum, s) => sum + s.value, 0);

  beforeAll(async () => {
    ({ app, close } = await startPagingApp({ env: (gateway) => ({ ...gateway.env, METRICS_TOKEN: TOKEN }) }));
    owner = await signInAs(app.url, 'owner');
    // started first: Prometheus takes its targets about 5 s after it starts, while the other tests run
    if (hasPrometheus)
      prometheus = await startPrometheus({ targets: [{ address: new URL(app.url).host }], token: TOKEN });
  });
  afterAll(async () => {
    await prometheus?.stop();
    await close();
  });

  it('answers only to the bearer token when METRICS_TOKEN is set', async () => {
    const refused = await request(app.url).get('/metrics').expect(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.text).not.toContain('tocsin_');
    await request(app.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(app.url).get('/metrics').set('Authorization', TOKEN).expect(401);
    // a signed-in owner is no scraper
    await owner.get('/metrics').expect(401);
    const { headers, text } = await request(app.url)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .set('Accept', 'text/html')
      .expect(200);
    expect(headers['content-type']).toMatch(/^text\/plain;.* version=0\.0\.4/);
    expect(text).toContain('# TYPE tocsin_alerts_ingested_total counter');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts a page: notifications by channel and outcome, ingest to first page, provider call time', async () => {
    await savePhone(app.app, demoUserId('owner'), 'sms', '+15550000001');
    const policy = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: demoUserId('owner') }] }]);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    alertIds.push(alertId);
    const series = await eventually(async () => {
      const now = await scrape();
      return valueOf(now, 'tocsin_notifications_total', { channel: 'sms', outcome: 'sent' }) === 1 && now;
    });
    expect(valueOf(series, 'tocsin_ingest_to_first_page_seconds_count', { channel: 'sms' })).toBe(1);
    expect(valueOf(series, 'tocsin_provider_call_duration_seconds_count', { channel: 'sms' })).toBeGreaterThan(0);
    expect(valueOf(series, 'tocsin_open_alerts', { state: 'triggered' })).toBeGreaterThan(0);
    expect(valueOf(series, 'tocsin_jobs', { queue: 'paging', state: 'completed' })).toBeGreaterThan(0);
    expect(valueOf(series, 'tocsin_event_log_append_duration_seconds_count')).toBeGreaterThan(0);
    expect(valueOf(series, 'tocsin_event_log_head_position')).toBeGreaterThan(0);
    expect(valueOf(series, 'tocsin_projection_checkpoint_position', { view: 'alert_timeline' })).toBeGreaterThan(0);
    expect(series.filter((s) => s.name === 'tocsin_projection_lag_seconds').length).toBeGreaterThan(10);
    // the one process folds every view, each live once the boot caught up
    const statuses = series.filter((s) => s.name === 'tocsin_projection_status' && s.value === 1);
    expect(statuses.length).toBe(PROJECTIONS.length);
    expect(statuses.every((s) => s.labels.status === 'live')).toBe(true);
    // the in-process queue has a stall counter per queue for the dashboards, and no way to stall (README)
    expect(valueOf(series, 'tocsin_jobs_stalled_total', { queue: 'paging' })).toBe(0);
  });

  it('after 1,000 alerts from 100 sources: the same bounded series, counted by format and outcome, no id as a label', async () => {
    const teamId = await createTeam(owner, 'Metrics load');
    const ingestFrom = async (index: number) => {
      const source = await createSource(owner, { name: `Load ${index}`, format: 'alertmanager', team_id: teamId });
      sourceIds.push(source.id);
      const alerts = Array.from({ length: ALERTS_PER_SOURCE }, (_, n) => ({
        labels: { alertname: `Load${n}`, instance: `host-${index}-${n}` },
        summary: `Load ${index}/${n}`,
      }));
      const { body } = await ingest(
        app.url,
        `/ingest/${source.token}/alertmanager`,
        alertmanagerPayload(alerts),
      ).expect(202);
      for (const result of body.data.results as Array<{ alert_id: string }>) alertIds.push(result.alert_id);
    };
    await ingestFrom(0);
    const before = await scrape();
    for (let start = 1; start < SOURCES; start += 11)
      await Promise.all(Array.from({ length: Math.min(11, SOURCES - start) }, (_, i) => ingestFrom(start + i)));
    // a refused payload counts once, by what refused it
    await ingest(app.url, '/ingest/0123456789abcdef0123456789abcdef/alertmanager', alertmanagerPayload([])).expect(404);

    const after = await scrape();
    expect(valueOf(after, 'tocsin_alerts_ingested_total', { format: 'alertmanager', outcome: 'new_alert' })).toBe(
      SOURCES * ALERTS_PER_SOURCE,
    );
    expect(valueOf(after, 'tocsin_alerts_ingested_total', { outcome: 'unknown_source' })).toBe(1);
    // 100 sources and 1,000 alerts later, a handful of new series at most (a new outcome), none per source or alert
    const names = (series: Series[]) => new Set(series.map((s) => s.key));
    const added = [...names(after)].filter((key) => !names(before).has(key));
    expect(added.length).toBeLessThan(20);
    expect(after.length).toBeLessThan(1500);
    const values = after.flatMap((s) => Object.values(s.labels));
    expect(values.filter((value) => ID_LIKE.test(value))).toEqual([]);
    const ids = new Set([...sourceIds, ...DEMO_ORG, demoUserId('owner')]);
    expect(values.filter((value) => ids.has(value))).toEqual([]);
  });

  describeWhen(
    hasPrometheus,
    'metrics read by Prometheus itself',
    `Debian's prometheus package is not installed (${PROMETHEUS}, ${PROMTOOL})`,
    () => {
      it("passes promtool's check of the exposition format and its naming rules", async () => {
        const { text } = await request(app.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
        expect(await promtool(['check', 'metrics'], text)).toEqual({ code: 0, output: '' });
      });

      it("loads the README's example alert rules", async () => {
        const { code, output } = await promtool(['check', 'rules', RULES]);
        expect(output).toContain('SUCCESS');
        expect(code).toBe(0);
      });

      it('is scraped by a real Prometheus, whose query API reads a series back', async () => {
        const server = prometheus!;
        // the 1,000 alerts of the test above, as Prometheus scraped them
        const [sample] = await eventually(
          async () => {
            const result = await server.query('sum(tocsin_alerts_ingested_total{outcome="new_alert"})');
            return result.length > 0 && Number(result[0].value[1]) >= SOURCES * ALERTS_PER_SOURCE && result;
          },
          15_000,
          100,
        );
        expect(Number(sample.value[1])).toBe(SOURCES * ALERTS_PER_SOURCE);
        const [up] = await server.query('up{job="tocsin"}');
        expect(up.value[1]).toBe('1');
      });
    },
    true,
  );

  it('the projector process serves its own, with the same token, on METRICS_PORT', async () => {
    const projector = await startMetricsProcess(
      PROJECTOR,
      { DATA_DIR: app.dataDir, METRICS_TOKEN: TOKEN },
      'projector caught up and live',
    );
    try {
      const url = `http://127.0.0.1:${projector.metricsPort}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const series = parseSeries(await response.text());
      expect(valueOf(series, 'tocsin_projection_checkpoint_position', { view: 'alerts' })).toBeGreaterThan(0);
      expect(valueOf(series, 'tocsin_projection_errors_total')).toBe(0);
      expect(valueOf(series, 'tocsin_projection_status', { status: 'live' })).toBe(PROJECTIONS.length);
    } finally {
      await projector.stop();
    }
  });

  describe("the worker's and projector's own port (no token: loopback only)", () => {
    let server: MetricsServer;
    beforeAll(async () => {
      server = await serveMetrics(app.runtime.metrics, { port: 0, host: '127.0.0.1', token: undefined });
    });
    afterAll(() => server.close());

    it('serves this machine, not a caller a proxy relayed, and nothing but /metrics', async () => {
      const url = `http://127.0.0.1:${server.port}`;
      const { text } = await request(url).get('/metrics').expect(200);
      expect(text).toContain('tocsin_jobs');
      await request(url).get('/metrics').set('X-Forwarded-For', '203.0.113.7').expect(404);
      await request(url).get('/metrics').set('Forwarded', 'for=203.0.113.7').expect(404);
      await request(url).get('/other').expect(404);
      await request(url).post('/metrics').expect(404);
    });
  });
});
