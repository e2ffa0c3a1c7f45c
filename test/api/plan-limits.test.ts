import request from 'supertest';
import { organizationStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { registerOrg } from './organization-admin.support';

const OPERATOR = 'limits-operator@tocsin.example';
const limit = (orgId: string, name = 'runbooks') => `/api/v1/staff/organizations/${orgId}/quotas/${name}`;

/** Operators set one organization's limit in place of its tier's; the entitlements answer follows it. */
describe('plan limits set by operators', () => {
  let app: TestApp;
  let operator: Client;
  let owner: Client;
  let orgId: string;
  const runbooks = async (client: Client) =>
    (await client.get('/api/v1/entitlements').query({ type: 'quota', name: 'runbooks' }).expect(200)).body.data;

  beforeAll(async () => {
    app = await startApp({ env: { ADMIN_EMAILS: OPERATOR } });
    ({ client: operator } = await registerOrg(app.url, OPERATOR, 'Operators'));
    ({ client: owner } = await registerOrg(app.url, `limited-${Date.now()}@example.com`, 'Limited Co'));
    orgId = (await owner.get('/api/v1/me').expect(200)).body.data.organization.id;
  });
  afterAll(() => app.close());

  it("exhausts a free organization's runbooks with a limit of 0, and gives the tier's limit back with null", async () => {
    expect(await runbooks(owner)).toEqual({
      name: 'runbooks',
      slug: 'runbooks',
      tier: 'free',
      maximum: 5,
      available: true,
    });
    const set = await operator.put(limit(orgId)).send({ maximum: 0 }).expect(200);
    expect(set.body.data).toEqual({ name: 'runbooks', slug: 'runbooks', tier: 'free', maximum: 0, available: false });
    expect(await runbooks(owner)).toEqual(set.body.data);
    // the other quota and the operator's own organization are untouched
    expect(
      (await owner.get('/api/v1/entitlements').query({ type: 'quota', name: 'service_limit' }).expect(200)).body.data,
    ).toMatchObject({ maximum: 10, available: true });
    expect(await runbooks(operator)).toMatchObject({ maximum: 5, available: true });

    const history = await app.runtime.infra.eventStore.readStream(organizationStream(orgId));
    expect(history.at(-1)).toMatchObject({
      type: 'QuotaLimitSet',
      data: { organizationId: orgId, quota: 'runbooks', maximum: 0 },
      metadata: { orgId },
    });

    await operator.put(limit(orgId)).send({ maximum: null }).expect(200);
    expect(await runbooks(owner)).toMatchObject({ maximum: 5, available: true });
  });

  it('lets only operators set limits, not even the organization owner or the demo owner', async () => {
    for (const client of [owner, await signInAs(app.url, 'owner')]) {
      const { body } = await client.put(limit(orgId)).send({ maximum: 100 }).expect(403);
      expect(body).toEqual({ error: 'forbidden', message: 'Plan limits are set by Tocsin operators only.' });
    }
    await request(app.url).put(limit(orgId)).send({ maximum: 100 }).expect(401);
    expect(await runbooks(owner)).toMatchObject({ maximum: 5 });
  });

  it('refuses an unknown organization or quota (404) and a limit that is not a whole number in bounds (400), writing nothing', async () => {
    const before = (await app.runtime.infra.eventStore.readStream(organizationStream(orgId))).length;
    expect((await operator.put(limit('no-such-org')).send({ maximum: 1 }).expect(404)).body).toEqual({
      error: 'not_found',
      message: 'Organization not found',
    });
    expect((await operator.put(limit(orgId, 'imports')).send({ maximum: 1 }).expect(404)).body).toEqual({
      error: 'not_found',
      message: 'Quota not found',
    });
    for (const maximum of [-1, 2.5, 100_001, 'ten']) {
      const { body } = await operator.put(limit(orgId)).send({ maximum }).expect(400);
      expect(body.fields).toEqual({
        maximum: ["maximum must be a whole number from 0 to 100000, or null for the tier's limit"],
      });
    }
    expect((await operator.put(limit(orgId)).send({}).expect(400)).body.fields).toEqual({
      maximum: ["maximum is a required field (a whole number, or null for the tier's limit)"],
    });
    expect((await app.runtime.infra.eventStore.readStream(organizationStream(orgId))).length).toBe(before);
  });
});
