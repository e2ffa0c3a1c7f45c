import request from 'supertest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { newUser, userEventCount } from './account.support';

const UPLOAD = '/api/v1/account/avatar';
const DEFAULT_PNG = readFileSync(join(__dirname, '../../apps/api/assets/thumb100.png'));
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
const TYPE_REFUSED = 'File type not supported. Allowed: .png, .jpg, .jpeg, .svg';

describe('account avatar', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('serves the default image until one is uploaded, then the upload, replacing the previous file', async () => {
    const { client, userId } = await newUser(app, 'avatar');
    const me = (await client.get('/api/v1/me').expect(200)).body.data;
    expect(me.user.avatarUrl).toBe(`/avatars/${userId}/thumb100.png`);
    const fallback = await client.get(me.user.avatarUrl).expect(200);
    expect(fallback.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(fallback.body as Buffer, DEFAULT_PNG)).toBe(0);

    const png = Buffer.concat([DEFAULT_PNG, Buffer.from('distinct')]);
    const first = await client.post(UPLOAD).attach('avatar', png, 'me.PNG').expect(200);
    expect(first.body.data.avatarUrl).toMatch(new RegExp(`^/avatars/${userId}/[0-9a-f-]{36}\\.png$`));
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.avatarUrl).toBe(first.body.data.avatarUrl);
    const served = await client.get(first.body.data.avatarUrl).expect(200);
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);

    const second = await client.post(UPLOAD).attach('avatar', SVG, 'drawing.svg').expect(200);
    const svg = await client.get(second.body.data.avatarUrl).buffer(true).expect(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    await client.get(first.body.data.avatarUrl).expect(404);
    expect(readdirSync(join(app.dataDir, 'avatars', userId))).toEqual([second.body.data.avatarUrl.split('/').pop()]);

    const jpeg = await client.post(UPLOAD).attach('avatar', JPEG, 'photo.jpeg').expect(200);
    expect(jpeg.body.data.avatarUrl).toMatch(/\.jpg$/);
  });

  it.each([
    ['a text file named .png', Buffer.from('not an image at all'), 'fake.png'],
    ['a PNG named .jpg', DEFAULT_PNG, 'photo.jpg'],
    ['a real GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif'],
    ['an HTML page named .svg', Buffer.from('<html><script>alert(1)</script></html>'), 'x.svg'],
  ])('refuses %s by its content, writing nothing', async (_label, bytes, name) => {
    const { client, userId } = await newUser(app, 'avatar-type');
    const before = await userEventCount(app, userId);
    const refused = await client.post(UPLOAD).attach('avatar', bytes, name).expect(422);
    expect(refused.body).toEqual({ error: 'invalid', message: TYPE_REFUSED, fields: { avatar: [TYPE_REFUSED] } });
    expect(await userEventCount(app, userId)).toBe(before);
    expect(existsSync(join(app.dataDir, 'avatars', userId))).toBe(false);
  });

  it('refuses a file over 5 MB and a request without a file', async () => {
    const { client, userId } = await newUser(app, 'avatar-size');
    const big = Buffer.concat([DEFAULT_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const refused = await client.post(UPLOAD).attach('avatar', big, 'big.png').expect(413);
    expect(refused.body).toEqual({
      error: 'invalid',
      message: 'File too large. Maximum size: 5MB',
      fields: { avatar: ['File too large. Maximum size: 5MB'] },
    });
    const missing = await client.post(UPLOAD).field('note', 'no file').expect(422);
    expect(missing.body.fields).toEqual({ avatar: ['Required'] });
    expect(existsSync(join(app.dataDir, 'avatars', userId))).toBe(false);
    await request(app.url).post(UPLOAD).attach('avatar', DEFAULT_PNG, 'a.png').expect(401);
  });

  it('shows an avatar to the owner and to members of the same organization only', async () => {
    const { client, userId } = await newUser(app, 'avatar-share');
    const url = (await client.post(UPLOAD).attach('avatar', DEFAULT_PNG, 'a.png').expect(200)).body.data
      .avatarUrl as string;
    const demoOwner = await signInAs(app.url, 'owner');
    await demoOwner.get(url).expect(404);
    await demoOwner.get(`/avatars/${userId}/thumb100.png`).expect(404);
    await request(app.url).get(url).expect(401);

    const { position } = await app.app
      .get(Commands)
      .run(
        organizationCommand(
          { type: 'AddMember', organizationId: 'org-demo', userId, role: 'viewer' },
          systemContext('org-demo'),
        ),
      );
    await app.runtime.runner!.waitFor(position!);
    await demoOwner.get(url).expect(200);
    await demoOwner.get(`/avatars/${userId}/..%2F..%2Fevents.db`).expect(404);
    await demoOwner.get(`/avatars/${userId}/other.png`).expect(404);
  });
});
