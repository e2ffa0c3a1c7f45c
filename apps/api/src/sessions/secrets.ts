import argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow on purpose for attackers. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** Hash of a password nobody has: verifying against it keeps unknown-email sign-ins as slow as real ones. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  const target = hash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const ok = await argon2.verify(target, password).catch(() => false);
  return ok && hash !== null;
}

/** The cookie carries a random secret; the server stores only its SHA-256 (the session key). */
export const newSessionSecret = () => randomBytes(32).toString('base64url');
export const sessionKeyOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newCsrfToken = () => randomBytes(24).toString('base64url');
