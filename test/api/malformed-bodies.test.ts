import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { CSRF_HEADER } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { sendRaw } from '../support/raw-http';
import { csrfFrom, signInAs, type Client } from '../support/session';

/** Status and parsed body only, so a whole answer can be compared. */
const send = async (...args: Parameters<typeof sendRaw>) => {
  const { status, body } = await sendRaw(...args);
  return { status, body };
};

const json = { 'content-type': 'application/json' };
const signIn = JSON.stringify({ email: 'owner@demo.tocsin.dev', password: 'tocsin-demo-password' });
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/**
 * The inputs that used to answer 500 (the security issue's part 5), sent by someone signed out to
 * the sign-in call and by a signed-in owner to a call that writes: each is a 4xx naming the problem,
 * and nothing reaches the event log.
 */
describe('malformed bodies: a 4xx, never a 500, nothing written', () => {
  let app: TestApp;
  let owner: Client;
  const head = () => app.runtime.infra.eventStore.headPosition();
  const ownerHeaders = () => ({ cookie: owner.cookie, [CSRF_HEADER]: csrfFrom(owner.cookie.split('; ')) });

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('refuses JSON nested 2,500 levels deep in any field, signed out, with 400', async () => {
    const before = await head();
    const answer = await send(app.url, 'POST', '/sessions', json, `{"email":${nested(2500)},"password":"x"}`);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'The request body is nested too deeply (at most 32 levels).' },
    });
    expect(await head()).toBe(before);
  });

  it('refuses nesting as deep as the size limit allows (128,000 levels) without overflowing its own check', async () => {
    const answer = await send(app.url, 'POST', '/sessions', json, nested(128_000));
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'The request body is nested too deeply (at most 32 levels).' },
    });
  });

  it('takes 32 levels and refuses 33', async () => {
    const at = (levels: number) =>
      send(app.url, 'POST', '/api/v1/teams', { ...json, ...ownerHeaders() }, `{"name":${nested(levels - 1)}}`);
    expect((await at(32)).body.fields).toEqual({ name: ['name must be a `string` type'] });
    expect((await at(33)).body.message).toBe('The request body is nested too deeply (at most 32 levels).');
  });

  it('refuses a body labelled gzip that is not gzip with 400, and reads one that is', async () => {
    const before = await head();
    const bad = await send(app.url, 'POST', '/sessions', { ...json, 'content-encoding': 'gzip' }, signIn);
    expect(bad).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'The request body is not valid gzip.' },
    });
    const truncated = await send(
      app.url,
      'POST',
      '/sessions',
      { ...json, 'content-encoding': 'gzip' },
      gzipSync(signIn).subarray(0, 20),
    );
    expect(truncated).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'The request body is not valid gzip.' },
    });
    expect(
      (await send(app.url, 'POST', '/sessions', { ...json, 'content-encoding': 'deflate' }, 'nope')).body.message,
    ).toBe('The request body is not valid deflate.');
    expect((await send(app.url, 'POST', '/sessions', { ...json, 'content-encoding': 'br' }, 'nope')).body.message).toBe(
      'The request body is not valid Brotli (br).',
    );
    expect(await head()).toBe(before);
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(signIn)],
      ['deflate', deflateSync(signIn)],
      ['br', brotliCompressSync(signIn)],
    ] as const) {
      expect((await send(app.url, 'POST', '/sessions', { ...json, 'content-encoding': encoding }, bytes)).status).toBe(
        201,
      );
    }
  });

  it.each(['compress', 'zstd', 'gzip, br', 'x-unknown'])(
    'refuses Content-Encoding %s with 415 naming the ones accepted',
    async (encoding) => {
      const answer = await send(app.url, 'POST', '/sessions', { ...json, 'content-encoding': encoding }, signIn);
      expect(answer).toEqual({
        status: 415,
        body: {
          error: 'unsupported_media_type',
          message: `The Content-Encoding "${encoding}" is not supported: send the body as identity, gzip, deflate or br.`,
        },
      });
    },
  );

  it('refuses a lone UTF-16 surrogate in an email field with 400 naming the field', async () => {
    const before = await head();
    const answer = await send(app.url, 'POST', '/sessions', json, '{"email":"\\ud800@example.com","password":"x"}');
    const message = 'email must be well-formed text (it holds an unpaired surrogate)';
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid', message: `Invalid request: ${message}`, fields: { email: [message] } },
    });
    const invite = await send(
      app.url,
      'POST',
      '/api/v1/invitations',
      { ...json, ...ownerHeaders() },
      '{"email":"a\\udc00@example.com","role":"member"}',
    );
    expect(invite.status).toBe(400);
    expect(invite.body.fields).toEqual({ email: [message] });
    expect(await head()).toBe(before);
  });

  it('names a nested field holding a lone surrogate, in a key or a value', async () => {
    const answer = await send(
      app.url,
      'POST',
      '/api/v1/teams',
      { ...json, ...ownerHeaders() },
      '{"name":"Ops","extra":{"list":["ok","\\udbff"]}}',
    );
    expect(answer.body.fields).toEqual({
      'extra.list.1': ['extra.list.1 must be well-formed text (it holds an unpaired surrogate)'],
    });
    const key = await send(
      app.url,
      'POST',
      '/api/v1/teams',
      { ...json, ...ownerHeaders() },
      '{"name":"Ops","\\ud800":1}',
    );
    expect(key.status).toBe(400);
    // a pair is text like any other
    expect(
      (await send(app.url, 'POST', '/api/v1/teams', { ...json, ...ownerHeaders() }, '{"name":"Ops \\ud83d\\udea8"}'))
        .status,
    ).toBe(201);
  });

  it('refuses prototype-pollution keys with 400', async () => {
    const before = await head();
    for (const body of [
      '{"__proto__":{"admin":true},"name":"Ops"}',
      '{"name":"Ops","x":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const answer = await send(app.url, 'POST', '/api/v1/teams', { ...json, ...ownerHeaders() }, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/is not an allowed field name$/);
    }
    expect(await head()).toBe(before);
  });

  it('refuses a null character in a field with 400 naming the field', async () => {
    const before = await head();
    const answer = await send(
      app.url,
      'POST',
      '/api/v1/teams',
      { ...json, ...ownerHeaders() },
      '{"name":"Ops\\u0000; rm -rf"}',
    );
    const message = 'name must not hold a null character (\\u0000)';
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid', message: `Invalid request: ${message}`, fields: { name: [message] } },
    });
    expect(await head()).toBe(before);
  });

  it('refuses an array where a call takes no fields, rather than running it', async () => {
    const before = await head();
    const answer = await send(
      app.url,
      'POST',
      '/api/v1/signals_notification_settings/match_and_update',
      { ...json, ...ownerHeaders() },
      '[]',
    );
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'The request body must be a JSON object.' },
    });
    expect(await head()).toBe(before);
  });

  it('refuses a multipart body to a call that takes no upload, rather than running it as if sent nothing', async () => {
    const answer = await send(
      app.url,
      'DELETE',
      '/sessions',
      { 'content-type': 'multipart/form-data; boundary=x', ...ownerHeaders() },
      '--x--\r\n',
    );
    expect(answer.status).toBe(415);
    expect((await sendRaw(app.url, 'GET', '/api/v1/me', { cookie: owner.cookie })).status).toBe(200);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'email=owner%40demo.tocsin.dev&password=tocsin-demo-password'],
    ['application/xml', '<a/>'],
    ['application/vnd.api+json', '{"email":"owner@demo.tocsin.dev","password":"tocsin-demo-password"}'],
  ])('refuses a %s body sent to a JSON call with 415', async (type, body) => {
    const answer = await send(app.url, 'POST', '/sessions', { 'content-type': type }, body);
    expect(answer).toEqual({
      status: 415,
      body: {
        error: 'unsupported_media_type',
        message: 'Send the request body as JSON, with the header Content-Type: application/json.',
      },
    });
  });

  it('refuses JSON in a charset it cannot read with 415', async () => {
    const answer = await send(
      app.url,
      'POST',
      '/sessions',
      { 'content-type': 'application/json; charset=koi8-r' },
      signIn,
    );
    expect(answer.status).toBe(415);
    expect(answer.body.error).toBe('unsupported_media_type');
  });
});
