import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { secretKeyOf } from '@tocsin/platform';
import { CONFIG, type AppConfig } from '../../runtime/ports';

/**
 * The fixed key secrets were sealed under before SECRETS_KEY was made in DATA_DIR when unset. Only opened with,
 * never sealed with, so sources made then keep working; a new signing secret is sealed under the real key.
 */
const LEGACY_DEVELOPMENT_KEY = 'tocsin-development-secrets-key-not-for-production';
const VERSION = 'v1';

/**
 * Secrets Tocsin must read back (a source's HMAC signing secret) are kept encrypted in the log and the read
 * models (ARCHITECTURE.md "Security rules"): AES-256-GCM under SECRETS_KEY, a fresh IV each time, as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;
  private readonly legacyKey = keyOf(LEGACY_DEVELOPMENT_KEY);
  private readonly digestKey: Buffer;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.key = keyOf(secretKeyOf(config, 'SECRETS_KEY'));
    this.digestKey = createHmac('sha256', this.key).update('tocsin secret digest').digest();
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /**
   * A keyed hash of a secret (HMAC-SHA256 under a key of its own, derived from SECRETS_KEY): finds the same secret
   * given twice (a webhook URL added again, a device registered again) without keeping it readable.
   */
  digest(secret: string): string {
    return createHmac('sha256', this.digestKey).update(secret).digest('base64url');
  }

  /** The secret, or null when it was sealed under another key (SECRETS_KEY changed) or is not a sealed value. */
  open(sealed: string): string | null {
    return this.openWith(this.key, sealed) ?? this.openWith(this.legacyKey, sealed);
  }

  private openWith(key: Buffer, sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const keyOf = (secret: string) => createHash('sha256').update(secret).digest();
