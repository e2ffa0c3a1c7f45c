import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';

const INDEX = '<!doctype html><html><head><title>Tocsin</title></head><body><div id="root"></div></body></html>';

const directivesOf = (header: string) =>
  Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

/** Security headers on every answer: a policy that lets the built app run and nothing else, no framing, no referrer. */
describe('security headers', () => {
  let webDist: string;
  let app: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tocsin-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    app = await startApp({ env: { WEB_DIST: webDist } });
    production = await startApp({
      env: { WEB_DIST: webDist, NODE_ENV: 'production', PUBLIC_URL: 'https://tocsin.example.com' },
    });
  });
  afterAll(async () => {
    await Promise.all([app.close(), production.close()]);
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves pages with a policy fitted to the app: its own scripts and the window-flag script only, no framing', async () => {
    const page = await request(app.url).get('/password_resets/some-token').set('Accept', 'text/html').expect(200);
    const csp = directivesOf(page.headers['content-security-policy']);
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'", 'ws:', 'wss:'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    // the one inline script the server writes is allowed by its hash; any other inline script is not
    const inline = /<script>(.*?)<\/script>/.exec(page.text)![1];
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", hash]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // plain HTTP in development and tests: a browser would remember HSTS for this host for a year
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it("sends no ETag with API answers: nothing to revalidate a member's data against, no body hashed for one", async () => {
    const status = await request(app.url).get('/api/v1/status').expect(200);
    expect(status.headers.etag).toBeUndefined();
  });

  it('sets them on API answers and refusals too', async () => {
    for (const response of [
      await request(app.url).get('/api/v1/status').expect(200),
      await request(app.url).get('/api/v1/nothing-here').expect(404),
      await request(app.url).post('/sessions').set('Content-Type', 'application/json').send('{"email":').expect(400),
    ]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('asks browsers for HTTPS only in production', async () => {
    const page = await request(production.url).get('/').set('Accept', 'text/html').expect(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
