import request from 'supertest';
import { DiscoveryModule } from '@nestjs/core';
import { gatewaySignature, MemoryReadStore } from '@tocsin/platform';
import { eventually } from '../support/eventually';
import { startApp } from '../support/app';
import { DEMO_ORG, demoUserId, policyOf, recordingGateway, savePhone, triggerAlert } from '../support/paging';
import { concrete, listRoutes } from '../support/routes';
import { signIn, signInAs } from '../support/session';
import { signUp } from '../support/sign-up';

const owner = demoUserId('owner');
const SECRET = 'gateway-inbound-secret';

/**
 * Every read a request makes is served by a declared index (or the tenant, or ids): none reads every
 * document of a view, whatever the number of organizations. The embedded store counts the queries that
 * would; the requests below are the ones a person, a paged phone and a signed link make.
 */
describe('read models on request paths', () => {
  it('find by index: signed links, SMS replies and every page read no view whole', async () => {
    const gateway = await recordingGateway();
    const app = await startApp({
      env: { ...gateway.env, PAGE_GATEWAY_SECRET: SECRET },
      extraModules: [DiscoveryModule],
    });
    try {
      const store = app.runtime.infra.readStore as MemoryReadStore;
      expect(store).toBeInstanceOf(MemoryReadStore);
      const client = await signInAs(app.url, 'owner');
      await savePhone(app.app, owner, 'sms', '+15550000001');
      const policy = policyOf([{ timeoutMinutes: 5, targets: [{ type: 'user', id: owner }] }]);
      const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
      const page = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
      await eventually(async () =>
        (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data.some(
          (entry: { kind: string }) => entry.kind === 'notification_sent',
        ),
      );
      const hook = (
        await client
          .post('/api/v1/signals/webhook_targets')
          .send({ name: 'Indexed', url: 'https://hooks.example.com/indexed', event_types: ['alert.triggered'] })
          .expect(201)
      ).body.data;
      const before = store.fullScans();

      // signing up and in: the person is found by their email, their sessions and memberships by their id
      await signUp(app.url, {
        name: 'New',
        email: 'busy@example.com',
        password: 'quiet-harbor-lantern-42',
        organization_name: 'Busy Org',
      });
      await signIn(app.url, 'busy@example.com', 'quiet-harbor-lantern-42');
      await signInAs(app.url, 'viewer');
      // a signed link, asked then used: the alert is found by its id alone
      const link = new URL(page.message.acknowledgeUrl!).pathname;
      await request(app.url).get(link).set('Accept', 'text/html').expect(200);
      await request(app.url).post(link).expect(200);
      // an SMS reply: the alert is found by the number it was paged to and the code
      const raw = JSON.stringify({ from: '+15550000001', text: `RES ${page.message.shortCode}` });
      await request(app.url)
        .post('/webhooks/sms/gateway')
        .set('Content-Type', 'application/json')
        .set('X-Tocsin-Signature', gatewaySignature(SECRET, raw, Math.floor(Date.now() / 1000)))
        .send(raw)
        .expect(200)
        .expect((answer) => expect(answer.body.reply).toContain('Resolved'));
      // on-call schedules: the list, a schedule's final line and gaps, my shifts, both feeds, a schedule step paged
      const teamId = (await client.post('/api/v1/teams').send({ name: 'Indexed' }).expect(201)).body.data.id;
      const schedulesPath = `/api/v1/teams/${teamId}/on_call_schedules`;
      const schedule = (
        await client
          .post(schedulesPath)
          .send({
            name: 'Indexed',
            time_zone: 'UTC',
            layers: [
              {
                name: 'L',
                rotation: { slots: [[owner]], shift_length: 'P1D', handoff_time: '00:00', start_date: '2026-01-01' },
              },
            ],
          })
          .expect(201)
      ).body.data;
      await client.get('/api/v1/signals/on_call_schedules').expect(200);
      await client.get('/api/v1/signals/on_call_schedules/my_shifts').expect(200);
      await client.get(schedulesPath).expect(200);
      await client
        .get(`${schedulesPath}/${schedule.id}/final`)
        .query({ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' })
        .expect(200);
      await client.get(`${schedulesPath}/${schedule.id}/gaps`).expect(200);
      const feed = (await client.post(`${schedulesPath}/${schedule.id}/feed_token`).send({}).expect(200)).body.data.url;
      await request(app.url).get(feed).expect(200);
      await request(app.url)
        .get((await client.get('/api/v1/me').expect(200)).body.data.organization.icalUrl)
        .expect(200);
      const onCall = policyOf([{ timeoutMinutes: 5, targets: [{ type: 'schedule', id: schedule.id }] }]);
      const paged = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: onCall });
      await eventually(() => gateway.received.find((p) => p.message.alertId === paged.alertId));

      // every page a signed-in person can open, and every public one, with ids of this alert or of nothing
      const pages = listRoutes(app.app).filter((r) => r.method === 'GET');
      expect(pages.length).toBeGreaterThan(40);
      for (const route of pages) {
        const url = concrete(route.path.replace(/:(alertId|id)\b/, alertId));
        await client.get(url);
        if (route.access.kind === 'public') await request(app.url).get(url);
      }

      // a webhook target's pages, and its receiver catching up with the target's secret
      for (const path of ['', '/deliveries', '/events?after=0'])
        await client.get(`/api/v1/signals/webhook_targets/${hook.id}${path}`).expect(200);
      await request(app.url)
        .get(`/api/v1/signals/webhook_targets/${hook.id}/events`)
        .set('Authorization', `Bearer ${hook.secret}`)
        .expect(200);

      // incidents: the list and its filters, one incident and its record, its past, the work across incidents
      const incidentsApi = '/api/v1/incidents';
      const incident = (await client.post(incidentsApi).send({ name: 'Indexed', team_id: teamId }).expect(201)).body
        .data;
      const one = `${incidentsApi}/${incident.id}`;
      await client.post(`${one}/tasks`).send({ title: 'Indexed task', assignee_id: owner }).expect(201);
      await client.post(`${one}/follow_ups`).send({ title: 'Indexed follow-up', owner_id: owner }).expect(201);
      await client.put(`${one}/timeline/${incident.position}/star`).send({ starred: true }).expect(200);
      await client.post(`${one}/visit`).send({}).expect(200);
      for (const query of [{}, { status: 'open' }, { severity: 'sev1' }, { team_id: teamId }, { query: 'index' }])
        await client.get(incidentsApi).query(query).expect(200);
      await client.get(incidentsApi).query({ from: '2026-01-01T00:00:00Z' }).expect(200);
      for (const path of ['', '/timeline?order=asc&after=0', '/changes', '/timeline.md', '/timeline.csv'])
        await client.get(`${one}${path}`).expect(200);
      await client.get(`${one}/as_of`).query({ position: incident.position }).expect(200);
      for (const query of [{ assignee: 'mine' }, { state: 'all' }])
        await client.get(`${incidentsApi}/tasks`).query(query).expect(200);
      for (const query of [{ owner: 'mine' }, { status: 'open' }])
        await client.get(`${incidentsApi}/follow_ups`).query(query).expect(200);
      // retrospective templates: the list (with the default) and one template
      await client.get('/api/v1/retrospective_templates').expect(200);
      await client.get('/api/v1/retrospective_templates/standard').expect(200);
      // an incident's retrospective (starred entry, follow-up and commander read for its document) and its exports
      await client.post(`${one}/retrospective`).send({ template_id: 'standard' }).expect(201);
      for (const path of ['/retrospective', '/retrospective.md', '/retrospective.pdf'])
        await client.get(`${one}${path}`).expect(200);

      expect(scansSince(before, store.fullScans())).toEqual({});
    } finally {
      await app.close();
      await gateway.close();
    }
  });
});

function scansSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([collection, count]) => [collection, count - (before[collection] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}
