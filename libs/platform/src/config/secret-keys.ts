import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

/** The keys Tocsin makes itself when they are not configured. */
export type SecretKeyName = 'SECRETS_KEY' | 'ACTION_LINK_SECRET';

const FILES: Record<SecretKeyName, string> = {
  SECRETS_KEY: 'secrets-key',
  ACTION_LINK_SECRET: 'action-link-secret',
};

const made = new Map<string, string>();

/**
 * The key named `name`: the configured one, else a random key made once and kept in DATA_DIR (file mode 0600),
 * so every process sharing DATA_DIR (embedded, or api and worker on one machine) uses the same one and a
 * restart keeps it. Never a well-known development key: a server listening on every interface would accept
 * forged links and read sealed secrets with it. Production with EVENTSTORE_URL (several processes, usually
 * on several machines) must configure both: loadConfig refuses to start without them.
 */
export function secretKeyOf(config: Pick<AppConfig, SecretKeyName | 'DATA_DIR'>, name: SecretKeyName): string {
  const configured = config[name];
  if (configured) return configured;
  const path = join(config.DATA_DIR, FILES[name]);
  const known = made.get(path);
  if (known) return known;
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': two processes starting together make one key; the second reads the first's
    writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const key = readFileSync(path, 'utf8').trim();
  if (key.length < 32)
    throw new Error(
      `${path} holds no usable ${name} (32 characters or more): delete it to make a new one, or set ${name}`,
    );
  made.set(path, key);
  return key;
}
