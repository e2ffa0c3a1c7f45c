import { API_KEYS_API, apiKeyPath, type ApiKeyWithSecret } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { keyClient, signInAs } from '../support/session';

/**
 * Issue 22: "a revoked or expired key is refused within a second on every process". Two processes share one log
 * (the embedded shape's SQLite file); a key revoked on one is refused by the other as soon as its read model folds
 * the revocation from the log: there is no cache of keys to outlive it.
 */
describe('API keys across processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startApp();
    second = await startApp({ dataDir: first.dataDir });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses a key on the other process once it is revoked: no cache of keys outlives the log', async () => {
    const owner = await signInAs(first.url, 'owner');
    const created = (
      await owner
        .post(API_KEYS_API)
        .send({ name: 'Fleet', scopes: ['read_teams'] })
        .expect(201)
    ).body.data as ApiKeyWithSecret;
    const elsewhere = keyClient(second.url, created.secret);
    const deadline = Date.now() + 5000;
    while ((await elsewhere.get('/api/v1/teams')).status !== 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await elsewhere.get('/api/v1/teams').expect(200);

    await owner.delete(apiKeyPath(created.id)).expect(204);
    const revokedAt = Date.now();
    let status = 200;
    // refused once the other process folds the revocation (how soon is measured by `npm run bench -- keys`,
    // not here: a loaded machine would fail a timed assertion)
    while (status === 200 && Date.now() - revokedAt < 10_000) {
      status = (await elsewhere.get('/api/v1/teams')).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });
});
