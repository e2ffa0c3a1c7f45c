import request from 'supertest';
import { startApp } from '../support/app';
import { expectKilledDuring, logOf, startCrashingApp, tempDataDirs } from '../support/crashing-app';
import { DEMO_PASSWORD, demoEmail, signIn, signInAs } from '../support/session';

jest.setTimeout(120_000);

/**
 * A process killed (SIGKILL, nothing flushed) between two steps of a change over several streams: the
 * next start finishes what was begun, and the person gets what they asked for.
 */
describe('an account change killed between two steps', () => {
  const dirs = tempDataDirs();
  afterAll(() => dirs.remove());

  it.each(['reserve', 'change'])(
    'an email change killed after its %s step is finished at the next start',
    async (step) => {
      const dataDir = dirs.fresh();
      const previous = demoEmail('member');
      const next = `moved-${step}-${Date.now()}@example.com`;
      const child = await startCrashingApp(dataDir, `emailChange:${step}`);
      try {
        const member = await signInAs(child.url, 'member');
        await member
          .post('/api/v1/account/email_change')
          .send({ email: next, current_password: DEMO_PASSWORD })
          .expect(202);
        const { body } = await request(child.url).get('/api/v1/dev/mailbox').query({ to: next }).expect(200);
        const token = /\/email_changes\/([A-Za-z0-9_-]+)\/confirm/.exec((body.data as { text: string }[])[0].text)![1];
        await expectKilledDuring(request(child.url).post(`/api/v1/account/email_change/${token}`), child);
      } finally {
        child.kill();
      }
      expect(
        (await logOf(dataDir))
          .filter((event) => event.stream.startsWith('emailChange-'))
          .map((event) => event.type)
          .at(-1),
      ).toBe('ProcessStepDone');

      const app = await startApp({ dataDir });
      try {
        await signIn(app.url, next, DEMO_PASSWORD);
        await request(app.url).post('/sessions').send({ email: previous, password: DEMO_PASSWORD }).expect(401);
        // the old address is free again, not held by a change that never finished
        expect((await app.runtime.infra.eventStore.readStream(`userEmail-${previous}`)).at(-1)?.type).toBe(
          'EmailReleased',
        );
      } finally {
        await app.close();
      }
    },
  );

  it('a password change killed before the other sessions were ended ends them at the next start', async () => {
    const dataDir = dirs.fresh();
    const email = demoEmail('viewer');
    const NEW_PASSWORD = 'a-brand-new-secret';
    const child = await startCrashingApp(dataDir, 'passwordChange:password');
    let otherCookie = '';
    let ownCookie = '';
    try {
      const own = await signIn(child.url, email, DEMO_PASSWORD);
      const other = await signIn(child.url, email, DEMO_PASSWORD);
      [ownCookie, otherCookie] = [own.cookie, other.cookie];
      const changing = own
        .put('/api/v1/account/password')
        .send({ current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      await expectKilledDuring(changing, child);
    } finally {
      child.kill();
    }
    const before = await logOf(dataDir);
    expect(before.filter((event) => event.type === 'SessionEnded')).toEqual([]);
    expect(before.some((event) => event.type === 'PasswordChanged')).toBe(true);

    const app = await startApp({ dataDir });
    try {
      // the session that changed the password stays; the other one (maybe a thief's) is ended
      await request(app.url).get('/api/v1/me').set('Cookie', ownCookie).expect(200);
      await request(app.url).get('/api/v1/me').set('Cookie', otherCookie).expect(401);
      await signIn(app.url, email, NEW_PASSWORD);
    } finally {
      await app.close();
    }
  });
});
