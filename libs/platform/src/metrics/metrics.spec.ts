import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { instrumentedEventStore } from './instrumented-event-store';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { ManualClock } from '../clock/clock';
import { MemoryJobQueue } from '../jobs/memory-job-queue';
import { PROJECTION_STATUSES } from '../projections/projection-runner';
import { Metrics } from './metrics';

describe('the event log in the metrics (instrumentedEventStore)', () => {
  it('times each append, leaves every other call to the adapter itself, and the gauges read the log at scrape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tocsin-instrumented-'));
    const adapter = await SqliteEventStore.open({ file: join(dir, 'events.db') });
    const metrics = new Metrics();
    const store = instrumentedEventStore(adapter, metrics);
    try {
      const metadata = {
        orgId: 'org-1',
        actorId: null,
        commandId: 'c1',
        correlationId: 'c1',
        causationId: 'c1',
        occurredAt: '2026-01-01T00:00:00.000Z',
        schemaVersion: 1,
      };
      const { position } = await store.append(
        'test-1',
        [{ id: '00000000-0000-4000-8000-000000000001', type: 'Happened', data: {}, metadata }],
        'no_stream',
      );
      expect(store.kind).toBe('sqlite');
      expect(await store.headPosition()).toBe(position);
      expect(store.readStream).toBe(store.readStream);
      expect((await store.readStream('test-1')).map((event) => event.type)).toEqual(['Happened']);
      metrics.watch({ eventStore: store });
      const text = (await metrics.text()).body;
      expect(text).toMatch(/^tocsin_event_log_append_duration_seconds_count 1$/m);
      expect(text).toMatch(new RegExp(`^tocsin_event_log_head_position ${position}$`, 'm'));

      // per view: its checkpoint and how far the head is beyond it (a view that never folded is at 0)
      const second = await store.append(
        'test-1',
        [{ id: '00000000-0000-4000-8000-000000000002', type: 'Happened', data: {}, metadata }],
        0,
      );
      const views = new MemoryReadStore();
      await views.commit('behind', { position, version: 1 }, []);
      await views.commit('caught_up', { position: second.position, version: 1 }, []);
      metrics.watch({ readStore: views, views: ['behind', 'caught_up', 'never'] });
      const lags = (await metrics.text()).body;
      const gap = second.position - position;
      expect(lags).toMatch(new RegExp(`^tocsin_projection_checkpoint_position\\{view="behind"\\} ${position}$`, 'm'));
      expect(lags).toMatch(new RegExp(`^tocsin_projection_lag_events\\{view="behind"\\} ${gap}$`, 'm'));
      expect(lags).toMatch(/^tocsin_projection_lag_seconds\{view="behind"\} \d/m);
      expect(lags).toMatch(/^tocsin_projection_lag_events\{view="caught_up"\} 0$/m);
      expect(lags).toMatch(/^tocsin_projection_lag_seconds\{view="caught_up"\} 0$/m);
      expect(lags).toMatch(new RegExp(`^tocsin_projection_lag_events\\{view="never"\\} ${second.position}$`, 'm'));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Metrics gauges read at scrape', () => {
  it('a store that does not answer leaves its gauge empty and is counted; the scrape still answers', async () => {
    const metrics = new Metrics();
    const down = async () => Promise.reject(new Error('connection refused'));
    metrics.watch({ jobs: { counts: down } as never, openAlerts: async () => ({ triggered: 3, acknowledged: 1 }) });
    const text = (await metrics.text()).body;
    expect(text).toMatch(/^tocsin_metrics_read_errors_total\{gauge="tocsin_jobs"\} 1$/m);
    expect(text).not.toMatch(/^tocsin_jobs\{/m);
    expect(text).toMatch(/^tocsin_open_alerts\{state="triggered"\} 3$/m);
    expect(text).toContain('process_cpu_seconds_total');
  });
});

describe('projection status and stalled jobs', () => {
  it('one series per view and status, 1 for the current one; a stall counter per queue from its first scrape', async () => {
    const metrics = new Metrics();
    const jobs = new MemoryJobQueue(new ManualClock());
    try {
      await jobs.add('paging', 'step', {});
      metrics.watch({ jobs, projectionStatus: () => ({ alerts: 'live', users: 'failed' }) });
      const text = (await metrics.text()).body;
      expect(text.match(/^tocsin_projection_status\{.*$/gm)).toEqual([
        ...PROJECTION_STATUSES.map(
          (s) => `tocsin_projection_status{view="alerts",status="${s}"} ${s === 'live' ? 1 : 0}`,
        ),
        ...PROJECTION_STATUSES.map(
          (s) => `tocsin_projection_status{view="users",status="${s}"} ${s === 'failed' ? 1 : 0}`,
        ),
      ]);
      expect(text).toMatch(/^tocsin_jobs_stalled_total\{queue="paging"\} 0$/m);
    } finally {
      await jobs.close();
    }
  });
});
