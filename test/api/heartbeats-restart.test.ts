import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@tocsin/platform';
import type { HeartbeatWithSecrets } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { eventually } from '../support/eventually';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs } from '../support/session';
import { createTeam } from './signals-ingest.support';

const MINUTE = 60_000;

/**
 * The checker's jobs die with an in-process queue: at start every heartbeat's check is scheduled again from the
 * view, so a beat missed while the process was down is still caught, once. With Redis (BullMQ) the jobs outlive
 * the process and the rescheduled ones are the same jobs (their ids come from the due time): one miss, one alert.
 */
function restartSuite(env: Record<string, string>) {
  it('catches a beat missed across a restart, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-heartbeats-'));
    const clock = new ManualClock(Date.now());
    let app: TestApp | null = await startApp({ clock, dataDir, env });
    try {
      const client = await signInAs(app.url, 'owner');
      const teamId = await createTeam(client, `Restart ${Date.now()}`);
      const created = (
        await client
          .post('/api/v1/signals/heartbeats')
          .send({ name: 'Across a restart', team_id: teamId, interval: 'PT2M', grace_period: 'PT0S' })
          .expect(201)
      ).body.data as HeartbeatWithSecrets;
      await request(app.url).post(`/heartbeats/${created.token}`).expect(200);
      await app.close();
      app = null;

      await clock.advance(3 * MINUTE);
      app = await startApp({ clock, dataDir, env });
      const again = await signInAs(app.url, 'owner');
      // the start schedules the overdue check (in the background, once the view has folded the log): it runs at once
      const dueAt = Date.parse(
        (await again.get(`/api/v1/signals/heartbeats/${created.id}`).expect(200)).body.data.due_at as string,
      );
      const started = app;
      await eventually(
        async () => (await started.runtime.infra.jobs.get('heartbeats', `check/${created.id}/${dueAt}`)) !== null,
      );
      await clock.advance(1000);
      const alert = await eventually(async () => {
        const found = await again.get(`/api/v1/signals/alerts/${created.alert_id}`);
        return found.status === 200 ? (found.body.data as { status: string; episode: number }) : null;
      });
      expect(alert).toMatchObject({ status: 'triggered', episode: 1 });
      expect((await again.get(`/api/v1/signals/heartbeats/${created.id}`).expect(200)).body.data.status).toBe('missed');
      await clock.advance(5 * MINUTE);
      const history = await again.get('/api/v1/history').query({ type: 'HeartbeatMissed', per_page: 50 }).expect(200);
      expect(
        history.body.data.filter((e: { data: { heartbeatId: string } }) => e.data.heartbeatId === created.id),
      ).toHaveLength(1);

      // recovered, then a restart that follows the log again: the old miss is not alerted twice
      await request(app.url).get(`/heartbeats/${created.token}`).expect(200);
      await eventually(
        async () =>
          (await again.get(`/api/v1/signals/alerts/${created.alert_id}`).expect(200)).body.data.status === 'resolved',
      );
      await app.close();
      app = null;
      app = await startApp({ clock, dataDir, env });
      const third = await signInAs(app.url, 'owner');
      await clock.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await third.get(`/api/v1/signals/alerts/${created.alert_id}`).expect(200)).body.data).toMatchObject({
        status: 'resolved',
        episode: 1,
      });
      expect((await third.get(`/api/v1/signals/heartbeats/${created.id}`).expect(200)).body.data.status).toBe('up');
    } finally {
      await app?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

describe('heartbeat checks across a restart (in-process queue)', () => restartSuite({}));

describeWhen(
  redisReachable(),
  'heartbeat checks across a restart (BullMQ)',
  `no Redis answers at ${REDIS_URL}`,
  () => restartSuite({ REDIS_URL, BULLMQ_PREFIX: `tocsin-test-heartbeats-${Date.now()}` }),
  true,
);
