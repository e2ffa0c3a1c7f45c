import request from 'supertest';
import { loadConfig } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { configProblems } from '../support/config-problems';

const FORGED = { Host: 'evil.example', Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' };

describe('PUBLIC_URL: the address in emailed links', () => {
  describe('configuration', () => {
    it('is required in production, and must be an http(s) address without query or fragment', () => {
      expect(configProblems({ NODE_ENV: 'production' })).toEqual([
        'PUBLIC_URL is not set: PUBLIC_URL must be the address people open Tocsin at, like https://tocsin.example.com (required in production)',
      ]);
      for (const bad of [
        'tocsin.example.com',
        'ftp://tocsin.example.com',
        'https://tocsin.example.com/?next=1',
        'https://user@tocsin.example.com',
        'https://',
      ]) {
        expect([bad, configProblems({ PUBLIC_URL: bad })]).toEqual([
          bad,
          [expect.stringContaining(`PUBLIC_URL=${JSON.stringify(bad)}: PUBLIC_URL must be the address`)],
        ]);
      }
    });

    it('keeps a good address without its trailing slash, path prefix included, and is optional outside production', () => {
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tocsin.example.com/' }).PUBLIC_URL).toBe(
        'https://tocsin.example.com',
      );
      expect(loadConfig({ PUBLIC_URL: 'http://ops.internal:8080/tocsin/' }).PUBLIC_URL).toBe(
        'http://ops.internal:8080/tocsin',
      );
      expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
      expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    });
  });

  describe('set', () => {
    let app: TestApp;
    const mailTo = async (to: string) =>
      (
        (await request(app.url).get('/api/v1/dev/mailbox').query({ to }).expect(200)).body.data as Array<{
          text: string;
        }>
      )[0].text;

    beforeAll(async () => {
      app = await startApp({ env: { PUBLIC_URL: 'https://tocsin.example.com/' } });
    });
    afterAll(() => app.close());

    it('starts password reset, invitation and email verification links with it, whatever Host and Origin the request names', async () => {
      await request(app.url)
        .post('/forgot_passwords')
        .set(FORGED)
        .send({ email: 'member@demo.tocsin.dev' })
        .expect(202);
      expect(await mailTo('member@demo.tocsin.dev')).toMatch(/https:\/\/tocsin\.example\.com\/password_resets\/[\w-]+/);

      const owner = await signInAs(app.url, 'owner');
      await owner
        .post('/api/v1/invitations')
        .set(FORGED)
        .send({ email: 'invited-public-url@example.com', role: 'viewer' })
        .expect(201);
      expect(await mailTo('invited-public-url@example.com')).toMatch(
        /https:\/\/tocsin\.example\.com\/invitations\/[\w-]+/,
      );

      await owner
        .post('/internal_api/v1/alternative_emails')
        .set(FORGED)
        .send({ email: 'owner-elsewhere@example.com' })
        .expect(201);
      expect(await mailTo('owner-elsewhere@example.com')).toMatch(
        /https:\/\/tocsin\.example\.com\/alternative_emails\/[\w-]+\/verify/,
      );
      for (const to of ['member@demo.tocsin.dev', 'invited-public-url@example.com', 'owner-elsewhere@example.com'])
        expect(await mailTo(to)).not.toContain('evil');
    });
  });

  describe('unset (development, tests)', () => {
    let app: TestApp;
    const mailTo = async (to: string) =>
      (
        (await request(app.url).get('/api/v1/dev/mailbox').query({ to }).expect(200)).body.data as Array<{
          text: string;
        }>
      )[0].text;

    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(() => app.close());

    it('uses the address the browser used when it is this machine', async () => {
      await request(app.url)
        .post('/forgot_passwords')
        .set('Origin', 'http://localhost:5173')
        .send({ email: 'viewer@demo.tocsin.dev' })
        .expect(202);
      expect(await mailTo('viewer@demo.tocsin.dev')).toContain('http://localhost:5173/password_resets/');
      await request(app.url).post('/forgot_passwords').send({ email: 'collaborator@demo.tocsin.dev' }).expect(202);
      expect(await mailTo('collaborator@demo.tocsin.dev')).toContain(`${app.url}/password_resets/`);
    });

    it('never another site named by the request: localhost and the configured port instead', async () => {
      await request(app.url).post('/forgot_passwords').set(FORGED).send({ email: 'owner@demo.tocsin.dev' }).expect(202);
      const text = await mailTo('owner@demo.tocsin.dev');
      expect(text).toContain(`http://localhost:${app.runtime.config.PORT}/password_resets/`);
      expect(text).not.toContain('evil');
    });
  });
});
