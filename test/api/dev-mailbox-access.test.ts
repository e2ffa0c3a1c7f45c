import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';

/** A GET through a Unix socket: a real connection whose peer is no loopback address (as a proxy's may be). */
function getThroughSocket(socketPath: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest({ socketPath, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The dev mailbox holds reset and invitation links: with HOST=0.0.0.0 anyone on the network could
 * read them and take over any account. It is served to this machine only, as if absent to others.
 * Tests send traffic to loopback only: the caller that is not on this machine's loopback comes in
 * through a Unix socket, whose peer address is not 127.0.0.1 / ::1 either.
 */
describe('dev mailbox access', () => {
  let app: TestApp;
  let other: Server;
  let socketPath: string;

  beforeAll(async () => {
    app = await startApp();
    // the same application, on a second listener whose callers are not loopback addresses
    socketPath = join(mkdtempSync(join(tmpdir(), 'tocsin-sock-')), 'api.sock');
    other = createServer(app.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => other.listen(socketPath, resolve));
    await request(app.url).post('/forgot_passwords').send({ email: 'member@demo.tocsin.dev' }).expect(202);
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    await app.close();
  });

  it('shows the kept mail to a caller on this machine', async () => {
    const { body } = await request(app.url)
      .get('/api/v1/dev/mailbox')
      .query({ to: 'member@demo.tocsin.dev' })
      .expect(200);
    expect(body.data[0].text).toContain('/password_resets/');
  });

  it('answers 404 to a caller that is not loopback, as if there were no mailbox', async () => {
    const path = '/api/v1/dev/mailbox?to=member%40demo.tocsin.dev';
    const refused = await getThroughSocket(socketPath, path);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('password_resets');
    // a forged forwarding header does not make the caller local
    expect((await getThroughSocket(socketPath, path, { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(404);
    // the rest of the app still answers that caller: only the mailbox is held back
    expect((await getThroughSocket(socketPath, '/api/v1/status')).status).toBe(200);
  });
});
