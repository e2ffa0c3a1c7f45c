import request from 'supertest';
import { acceptLinkIn, tokenOf } from '../api/organization-admin.support';
import { startApp } from '../support/app';
import { expectKilledDuring, logOf, startCrashingApp, tempDataDirs } from '../support/crashing-app';
import { signIn, signInAs } from '../support/session';
import { registrationLinkFor } from '../support/sign-up';

const PASSWORD = 'long-enough-secret';

jest.setTimeout(120_000);

/**
 * A process killed (SIGKILL, nothing flushed) between two steps of a change over several streams: the
 * next start finishes what was begun, and the person gets what they asked for.
 */
describe('a sign-up killed between two steps', () => {
  const dirs = tempDataDirs();
  afterAll(() => dirs.remove());

  it.each(['registration', 'email', 'user'])(
    'sign-up killed after its %s step is finished at the next start',
    async (step) => {
      const dataDir = dirs.fresh();
      const email = `crash-${step}-${Date.now()}@example.com`;
      const child = await startCrashingApp(dataDir, `signUp:${step}`);
      let id = '';
      try {
        await request(child.url).post('/registrations').send({ name: 'Crash', email }).expect(202);
        const link = await registrationLinkFor(child.url, email);
        id = link.id;
        const { token } = link;
        const completing = request(child.url)
          .post(`/registrations/${id}/complete`)
          .send({ token, password: PASSWORD, password_confirmation: PASSWORD, organization_name: 'Crash Ops' });
        await expectKilledDuring(completing, child);
      } finally {
        child.kill();
      }

      // the kill came between two steps: the run is open and the account only half made
      const before = await logOf(dataDir);
      const run = before.filter((event) => event.stream === `signUp-${id}`).map((event) => event.type);
      expect(run.at(-1)).toBe('ProcessStepDone');
      expect(run).not.toContain('ProcessCompleted');
      expect(
        before.some(
          (event) => event.type === 'OrganizationCreated' && (event.data as { name: string }).name === 'Crash Ops',
        ),
      ).toBe(false);

      const app = await startApp({ dataDir });
      try {
        const client = await signIn(app.url, email, PASSWORD);
        const me = (await client.get('/api/v1/me').expect(200)).body.data;
        expect(me.user).toMatchObject({ email, role: 'owner' });
        expect(me.organization).toMatchObject({ name: 'Crash Ops' });
        const after = await app.runtime.infra.eventStore.readStream(`signUp-${id}`);
        expect(after.at(-1)?.type).toBe('ProcessCompleted');
      } finally {
        await app.close();
      }
    },
  );

  it.each(['email', 'invitation', 'user'])(
    "an invitee's sign-up killed after its %s step is finished at the next start",
    async (step) => {
      const dataDir = dirs.fresh();
      const email = `invitee-${step}-${Date.now()}@example.com`;
      const child = await startCrashingApp(dataDir, `invitationSignUp:${step}`);
      try {
        const owner = await signInAs(child.url, 'owner');
        await owner.post('/api/v1/invitations').send({ email, role: 'collaborator' }).expect(201);
        const { body } = await request(child.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200);
        const token = tokenOf(acceptLinkIn((body.data as { text: string }[])[0].text));
        const accepting = request(child.url)
          .post(`/api/v1/invitations/${token}/accept`)
          .send({ name: 'Invitee', password: PASSWORD });
        await expectKilledDuring(accepting, child);
      } finally {
        child.kill();
      }
      const before = await logOf(dataDir);
      // killed between two steps: the run is open
      expect(
        before
          .filter((event) => event.stream.startsWith('invitationSignUp-'))
          .map((event) => event.type)
          .at(-1),
      ).toBe('ProcessStepDone');

      const app = await startApp({ dataDir });
      try {
        const client = await signIn(app.url, email, PASSWORD);
        const me = (await client.get('/api/v1/me').expect(200)).body.data;
        expect(me.user).toMatchObject({
          email,
          name: 'Invitee',
          role: 'collaborator',
          defaultOrganization: 'org-demo',
        });
      } finally {
        await app.close();
      }
    },
  );
});
