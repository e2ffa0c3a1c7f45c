import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';

const INDEX = '<!doctype html><html><head><title>Tocsin</title></head><body><div id="root"></div></body></html>';

/** SPEC.md section 4: simple phone verification is "a window flag equal to the string true", set by the server. */
describe('web app window flags', () => {
  let webDist: string;
  const apps: TestApp[] = [];

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'tocsin-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(webDist, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const app = await startApp({ env: { WEB_DIST: webDist, ...env } });
    apps.push(app);
    return app;
  };

  it('writes SIMPLE_PHONE_VERIFICATION into every deep link page as a string, before the app script runs', async () => {
    const off = await start({});
    const on = await start({ SIMPLE_PHONE_VERIFICATION: 'true' });
    const offPage = await request(off.url)
      .get('/account/edit')
      .set('Accept', 'text/html')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(offPage.text).toContain(
      '<head><title>Tocsin</title><script>window["SIMPLE_PHONE_VERIFICATION"]="false";</script></head>',
    );
    const onPage = await request(on.url).get('/').set('Accept', 'text/html').expect(200);
    expect(onPage.text).toContain('<script>window["SIMPLE_PHONE_VERIFICATION"]="true";</script></head>');
    expect(onPage.headers['cache-control']).toBe('no-cache');
    // the page keeps the rest of the build untouched
    expect(onPage.text).toContain('<div id="root"></div>');
    // no-cache revalidates: the same page again is a 304, the other server's page (other flags) is not
    const etag = onPage.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    await request(on.url).get('/alerts').set('Accept', 'text/html').set('If-None-Match', etag).expect(304);
    await request(off.url).get('/').set('Accept', 'text/html').set('If-None-Match', etag).expect(200);
  });
});
