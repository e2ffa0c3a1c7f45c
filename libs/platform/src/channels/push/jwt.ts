import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

/** PEM text from an environment variable, where newlines are often written as \n. */
export function privateKeyFrom(pem: string): KeyObject {
  return createPrivateKey(pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem);
}

/**
 * A compact JWS: APNs wants ES256 with the key id, Google's token endpoint RS256. Two algorithms on node:crypto
 * do not justify a JWT library in the platform (jose is ESM-only and present only for openid-client).
 */
export function signJwt(alg: 'ES256' | 'RS256', key: KeyObject, claims: Record<string, unknown>, kid?: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg, typ: 'JWT', ...(kid ? { kid } : {}) })}.${part(claims)}`;
  const signature =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(input), key);
  return `${input}.${signature.toString('base64url')}`;
}
