import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configProblems } from '../support/config-problems';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tocsin.example.com',
  SECRETS_KEY: 'k'.repeat(32),
  ACTION_LINK_SECRET: 'a'.repeat(32),
};
const SECURE = {
  EVENTSTORE_URL: 'esdb://admin:s3cret-pass@eventstore:2113?tls=true&tlsCAFile=/certs/ca/ca.crt',
  MONGO_URL: 'mongodb://tocsin:s3cret-pass@mongo:27017/tocsin?authSource=admin&replicaSet=rs0',
  REDIS_URL: 'redis://:s3cret-pass@redis:6379',
};

describe('the production shape: every data store needs credentials', () => {
  it('boots in production with credentialed URLs and EventStoreDB in secure mode', () => {
    expect(configProblems({ ...PRODUCTION, ...SECURE })).toEqual([]);
  });

  it('refuses EventStoreDB insecure mode and data-store URLs without a password in production, hiding passwords', () => {
    const problems = configProblems({
      ...PRODUCTION,
      EVENTSTORE_URL: 'esdb://admin:s3cret-pass@eventstore:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017/tocsin?replicaSet=rs0',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(problems).toEqual([
      expect.stringContaining('EVENTSTORE_URL turns TLS off (tls=false)'),
      expect.stringContaining('MONGO_URL must name a user and password in production'),
      expect.stringContaining('REDIS_URL must carry a password in production'),
    ]);
    expect(configProblems({ ...PRODUCTION, ...SECURE, EVENTSTORE_URL: 'esdb://eventstore:2113?tls=true' })).toEqual([
      expect.stringContaining('EVENTSTORE_URL must name a user and password in production'),
    ]);
    // a bad URL is echoed with its password hidden: start-up messages end up in logs
    const echoed = configProblems({ ...PRODUCTION, ...SECURE, REDIS_URL: 'http://:s3cret-pass@redis:6379' });
    expect(echoed).toEqual([expect.stringContaining('REDIS_URL="http://***@redis:6379"')]);
    expect(echoed.join('\n')).not.toContain('s3cret-pass');
  });

  it('leaves development and the tests free to reach local servers without credentials', () => {
    expect(
      configProblems({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false', REDIS_URL: 'redis://127.0.0.1:6379' }),
    ).toEqual([]);
  });

  it('docker-compose.yml publishes no data port and takes every data password from .env', () => {
    const compose = readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8');
    for (const variable of ['EVENTSTORE_PASSWORD', 'MONGO_PASSWORD', 'REDIS_PASSWORD']) {
      expect([variable, compose.includes(`\${${variable}:?`)]).toEqual([variable, true]);
    }
    expect(compose).not.toMatch(/EVENTSTORE_INSECURE/);
    expect(compose).not.toMatch(/tls=false/);
    // the full check (every service's published ports, after interpolation) runs in .ci/run: scripts/check-compose.py
  });
});
