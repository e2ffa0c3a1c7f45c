import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@tocsin/platform';

const MAIN = join(__dirname, '../../apps/api/dist/main.js');

function start(env: Record<string, string>) {
  if (!existsSync(MAIN))
    throw new Error('apps/api/dist/main.js is missing: run `npm run build:server` (npm test does it first)');
  const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-start-'));
  return spawnSync(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 20000,
  });
}

describe('configuration at start', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', APP_ROLE: 'boss', REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', APP_ROLE: 'boss', REDIS_URL: 'localhost:6379' });
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringContaining('PORT must be a whole number'),
          expect.stringContaining('APP_ROLE must be one of the following values: all, api, worker, projector'),
          expect.stringContaining('REDIS_URL must look like redis://host:6379'),
        ]),
      );
    }
  });

  it('refuses a short METRICS_TOKEN or a bad METRICS_PORT without echoing the token', () => {
    const token = 'short-secret';
    let problems: string[] = [];
    try {
      loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '70000' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'METRICS_TOKEN=(hidden): METRICS_TOKEN must be at least 16 characters',
      'METRICS_PORT="70000": METRICS_PORT must not be greater than 65535',
    ]);
    expect(problems.join('\n')).not.toContain(token);
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).METRICS_PORT).toBe(9464);
  });

  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, APP_ROLE: 'all', DATA_DIR: 'data' });
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it('exits non-zero, saying which variable is wrong', () => {
    const result = start({ PORT: 'abc' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tocsin cannot start. Invalid configuration');
    expect(result.stderr).toContain('PORT="abc": PORT must be a whole number');
  });

  it('exits non-zero, saying which configured server is unreachable', () => {
    const result = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tocsin cannot start. Cannot reach Redis at redis://127.0.0.1:1');
  });
});
