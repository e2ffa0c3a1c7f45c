import request from 'supertest';
import { ONBOARDING_TASKS, onboardingStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const base = '/internal_api/v1/onboarding';
const SLUGS = ONBOARDING_TASKS.map((t) => t.slug);
const INTEGRATIONS = 'slack, jira_cloud, service_now, zoom, webex, google_calendar';
const MANAGE_REFUSAL =
  "The permission 'Manage organization settings' is required to perform this action on the organization. Contact your organization administrator for support.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Task = { id: string; slug: string; complete: boolean; scope: string };
const tasksOf = async (client: Client) =>
  (await client.get(`${base}/tasks`).expect(200)).body.data as {
    tasks: Task[];
    onboarding_complete: boolean;
    dismissed: boolean;
  };
const done = async (client: Client) => (await tasksOf(client)).tasks.filter((t) => t.complete).map((t) => t.slug);
const metadataOf = async (client: Client) => (await client.get('/api/v1/me').expect(200)).body.data.metadata;

describe('onboarding API', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let viewer: Client;
  let suffix = 0;

  /** The owner of a fresh organization: a checklist nobody has touched. */
  async function newOrganizationOwner(): Promise<Client> {
    const email = `onboarding-${Date.now()}-${++suffix}@example.com`;
    await signUp(app.url, {
      name: 'New Owner',
      email,
      password: 'new-org-secret',
      organization_name: `Onboarding Org ${suffix}`,
    });
    return signIn(app.url, email, 'new-org-secret');
  }

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
    viewer = await signInAs(app.url, 'viewer');
  });
  afterAll(() => app.close());

  it('lists the fixed checklist, nothing done, and onboarding_complete false in /me', async () => {
    const fresh = await newOrganizationOwner();
    const data = await tasksOf(fresh);
    expect(data.tasks.map((t) => [t.slug, t.scope, t.complete])).toEqual(
      ONBOARDING_TASKS.map((t) => [t.slug, t.scope, false]),
    );
    expect(data.tasks.every((t) => UUID.test(t.id))).toBe(true);
    expect(new Set(data.tasks.map((t) => t.id)).size).toBe(SLUGS.length);
    expect(data).toMatchObject({ onboarding_complete: false, dismissed: false });
    expect(await metadataOf(fresh)).toEqual({ onboarding_complete: false });
    // the ids are stable
    expect((await tasksOf(fresh)).tasks.map((t) => t.id)).toEqual(data.tasks.map((t) => t.id));
  });

  it('completes configure_notification_preferences for the caller only, once however often it is sent', async () => {
    const path = `${base}/tasks/configure_notification_preferences/complete`;
    const first = await member.post(path).expect(200);
    expect(first.body.data.tasks.find((t: Task) => t.slug === 'configure_notification_preferences').complete).toBe(
      true,
    );
    await member.post(path).send({}).expect(200);
    expect(await done(member)).toEqual(['configure_notification_preferences']);
    expect(await done(owner)).not.toContain('configure_notification_preferences');
    // a viewer may tick their own task too: it is nobody else's business
    await viewer.post(path).expect(200);
    const recorded = (await app.runtime.infra.eventStore.readStream(onboardingStream('org-demo'))).filter(
      (e) => e.type === 'OnboardingTaskCompleted',
    );
    expect(
      recorded.filter((e) => (e.data as { slug: string }).slug === 'configure_notification_preferences'),
    ).toHaveLength(2);
  });

  it('completes an organization task for everyone, and only for those who can manage the organization', async () => {
    const refused = await member.post(`${base}/tasks/create_on_call_schedule/complete`).expect(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: MANAGE_REFUSAL });
    expect(await done(owner)).not.toContain('create_on_call_schedule');

    await owner.post(`${base}/tasks/create_on_call_schedule/complete`).expect(200);
    await owner.post(`${base}/tasks/create_on_call_schedule/complete`).expect(200);
    expect(await done(member)).toContain('create_on_call_schedule');
    expect(await done(viewer)).toContain('create_on_call_schedule');
    const recorded = (await app.runtime.infra.eventStore.readStream(onboardingStream('org-demo'))).filter(
      (e) => (e.data as { slug?: string }).slug === 'create_on_call_schedule',
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toEqual({ organizationId: 'org-demo', slug: 'create_on_call_schedule', userId: null });
  });

  it('answers 404 with the known slugs for an unknown task, and 400 for a body', async () => {
    const unknown = await owner.post(`${base}/tasks/bake_a_cake/complete`).expect(404);
    expect(unknown.body).toEqual({
      error: 'not_found',
      message: `Onboarding task 'bake_a_cake' not found. Known tasks: ${SLUGS.join(', ')}.`,
    });
    await owner.post(`${base}/tasks/CONFIGURE_NOTIFICATION_PREFERENCES/complete`).expect(404);

    const withBody = await owner.post(`${base}/tasks/send_test_alert/complete`).send({ complete: true }).expect(400);
    expect(withBody.body).toEqual({
      error: 'invalid',
      message: 'Invalid request: this call takes no body (property complete should not exist)',
      fields: { complete: ['property complete should not exist'] },
    });
    await owner.post(`${base}/tasks/send_test_alert/complete`).send([1]).expect(400);
    expect(await done(owner)).not.toContain('send_test_alert');
  });

  it('selects an integration (owner only), ticks select_integration, and reports the status to everyone', async () => {
    const fresh = await newOrganizationOwner();
    const before = (await fresh.get(`${base}/integrations_status`).expect(200)).body.data;
    expect(before.selected_integration).toBeNull();
    expect(before.integrations.map((i: { slug: string }) => i.slug).join(', ')).toBe(INTEGRATIONS);

    const selected = (await fresh.put(`${base}/select_integration`).send({ integration: 'jira_cloud' }).expect(200))
      .body.data;
    expect(selected.selected_integration).toBe('jira_cloud');
    expect(selected.integrations.find((i: { slug: string }) => i.slug === 'jira_cloud')).toEqual({
      slug: 'jira_cloud',
      name: 'Jira Cloud',
      selected: true,
      connected: false,
    });
    expect(selected.integrations.filter((i: { selected: boolean }) => i.selected)).toHaveLength(1);
    expect(await done(fresh)).toEqual(['select_integration']);

    await fresh.put(`${base}/select_integration`).send({ integration: 'slack' }).expect(200);
    expect((await fresh.get(`${base}/integrations_status`).expect(200)).body.data.selected_integration).toBe('slack');

    // another organization's choice is its own
    expect((await viewer.get(`${base}/integrations_status`).expect(200)).body.data.selected_integration).toBeNull();
    const refused = await member.put(`${base}/select_integration`).send({ integration: 'zoom' }).expect(403);
    expect(refused.body).toMatchObject({
      error: 'forbidden',
      permission: 'manage_organization_settings',
      message: MANAGE_REFUSAL,
    });
  });

  it.each([
    [{ integration: 'pagerduty' }, { integration: [`integration must be one of ${INTEGRATIONS}`] }],
    [{ integration: 42 }, { integration: [`integration must be one of ${INTEGRATIONS}`] }],
    [{ integration: ['slack'] }, { integration: [`integration must be one of ${INTEGRATIONS}`] }],
    [{}, { integration: ['integration is a required field'] }],
    [{ integration: 'slack', connect: true }, { connect: ['property connect should not exist'] }],
  ])('refuses select_integration %j with a 400 naming the field, writing nothing', async (body, fields) => {
    const response = await owner.put(`${base}/select_integration`).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
    expect(response.body.message).toMatch(/^Invalid request: /);
    expect((await owner.get(`${base}/integrations_status`).expect(200)).body.data.selected_integration).toBeNull();
  });

  it('is complete for a person once every task is done for them, without dismissing', async () => {
    const fresh = await newOrganizationOwner();
    for (const slug of SLUGS.filter((s) => s !== 'send_test_alert'))
      await fresh.post(`${base}/tasks/${slug}/complete`).expect(200);
    expect(await metadataOf(fresh)).toEqual({ onboarding_complete: false });
    const last = await fresh.post(`${base}/tasks/send_test_alert/complete`).expect(200);
    expect(last.body.data).toMatchObject({ onboarding_complete: true, dismissed: false });
    expect(await metadataOf(fresh)).toEqual({ onboarding_complete: true });
    // the demo organization did not move
    expect(await done(owner)).toEqual(['create_on_call_schedule']);
  });

  it("dismisses the organization's onboarding for everyone (owner only), once", async () => {
    const refused = await member.post(`${base}/dismiss`).expect(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', permission: 'manage_organization_settings' });
    await owner.post(`${base}/dismiss`).send({ reason: 'later' }).expect(400);
    expect(await metadataOf(member)).toEqual({ onboarding_complete: false });

    const dismissed = await owner.post(`${base}/dismiss`).expect(200);
    expect(dismissed.body.data).toMatchObject({ onboarding_complete: true, dismissed: true });
    await owner.post(`${base}/dismiss`).expect(200);
    for (const client of [owner, member, viewer])
      expect(await metadataOf(client)).toEqual({ onboarding_complete: true });
    const dismissals = (await app.runtime.infra.eventStore.readStream(onboardingStream('org-demo'))).filter(
      (e) => e.type === 'OnboardingDismissed',
    );
    expect(dismissals).toHaveLength(1);
    // the checklist keeps what was and was not done
    expect(await done(owner)).toEqual(['create_on_call_schedule']);
  });

  it('refuses a signed-out caller with 401', async () => {
    await request(app.url).get(`${base}/tasks`).expect(401);
    await request(app.url).post(`${base}/tasks/configure_notification_preferences/complete`).expect(401);
  });
});
