import { startApp } from '../support/app';
import { logOf, startCrashingApp, tempDataDirs } from '../support/crashing-app';
import { demoEmail, signInAs } from '../support/session';

jest.setTimeout(120_000);

/** The demo organization is seeded over many streams at the first start; a stop in the middle is finished at the next. */
describe('a demo seed killed half way', () => {
  const dirs = tempDataDirs();
  afterAll(() => dirs.remove());

  it('is finished at the next start: every demo person signs in', async () => {
    const dataDir = dirs.fresh();
    // killed while starting; one that started anyway is stopped here, not left running
    const outcome = await startCrashingApp(dataDir, 'demoSeed:owner').then(
      (child) => (child.kill(), 'started'),
      (error: Error) => error.message,
    );
    expect(outcome).toMatch('the app did not start');
    const registered = (await logOf(dataDir))
      .filter((event) => event.type === 'UserRegistered')
      .map((event) => (event.data as { email: string }).email);
    expect(registered).toEqual([demoEmail('owner')]);

    const app = await startApp({ dataDir });
    try {
      for (const role of ['owner', 'member', 'collaborator', 'viewer'] as const) {
        const me = (await (await signInAs(app.url, role)).get('/api/v1/me').expect(200)).body.data;
        expect(me.user).toMatchObject({ email: demoEmail(role), role });
      }
    } finally {
      await app.close();
    }
  });
});
