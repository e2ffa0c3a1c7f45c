import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, secretKeyOf, type AppConfig } from '@tocsin/platform';
import { SecretBox } from './secret-box';
import { configProblems } from '../../../../../test/support/config-problems';

const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-secret-box-'));
const box = (key?: string, dir = dataDir) => new SecretBox({ SECRETS_KEY: key, DATA_DIR: dir } as AppConfig);

describe('SecretBox', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const one = box('k'.repeat(32));
    const a = one.seal('whsec_abc');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('whsec_abc');
    expect(one.seal('whsec_abc')).not.toBe(a);
    expect(one.open(a)).toBe('whsec_abc');
  });

  it('opens nothing sealed under another key, tampered with, or not sealed at all', () => {
    const sealed = box('k'.repeat(32)).seal('whsec_abc');
    expect(box('j'.repeat(32)).open(sealed)).toBeNull();
    expect(box().open(sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    expect(
      box('k'.repeat(32)).open([v, iv, tag, `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`].join('.')),
    ).toBeNull();
    expect(box('k'.repeat(32)).open('whsec_abc')).toBeNull();
  });

  it('unset, seals under a random key made once in DATA_DIR, readable by its owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tocsin-secret-box-'));
    const sealed = box(undefined, dir).seal('whsec_made');
    const file = join(dir, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8');
    expect(key.length).toBeGreaterThanOrEqual(32);
    // the same key after a restart, and it is no fixed development key: another DATA_DIR has another
    expect(box(key).open(sealed)).toBe('whsec_made');
    expect(box(undefined, dir).open(sealed)).toBe('whsec_made');
    expect(box(undefined, mkdtempSync(join(tmpdir(), 'tocsin-secret-box-'))).open(sealed)).toBeNull();
    expect(secretKeyOf({ DATA_DIR: dir }, 'ACTION_LINK_SECRET')).not.toBe(key);
    expect(statSync(join(dir, 'action-link-secret')).mode & 0o777).toBe(0o600);
  });

  it('still opens a secret sealed under the former fixed development key, and never seals with it', () => {
    const legacy = box('tocsin-development-secrets-key-not-for-production').seal('whsec_old');
    expect(box().open(legacy)).toBe('whsec_old');
    expect(box('tocsin-development-secrets-key-not-for-production').open(box().seal('whsec_new'))).toBeNull();
  });

  it('takes a key of at least 32 characters', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'too short' })).toThrow('SECRETS_KEY must be at least 32 characters');
    expect(loadConfig({ SECRETS_KEY: 'k'.repeat(32) }).SECRETS_KEY).toBe('k'.repeat(32));
  });

  it('requires SECRETS_KEY and ACTION_LINK_SECRET in production with EVENTSTORE_URL only, saying why', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tocsin.example.com',
      EVENTSTORE_URL: 'esdb://admin:changeit-in-env@eventstore:2113?tls=true',
    };
    expect(configProblems(production)).toEqual([
      expect.stringMatching(/^SECRETS_KEY is not set: .*required in production with EVENTSTORE_URL/),
      expect.stringMatching(/^ACTION_LINK_SECRET is not set: .*required in production with EVENTSTORE_URL/),
    ]);
    expect(configProblems({ ...production, SECRETS_KEY: 'k'.repeat(32), ACTION_LINK_SECRET: 'a'.repeat(32) })).toEqual(
      [],
    );
    // one embedded process, or not production: the keys are made in DATA_DIR
    expect(configProblems({ NODE_ENV: 'production', PUBLIC_URL: 'https://tocsin.example.com' })).toEqual([]);
    expect(configProblems({ EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false' })).toEqual([]);
  });
});
