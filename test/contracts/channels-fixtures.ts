import { generateKeyPairSync } from 'node:crypto';
import type { EgressOptions, PageMessage } from '@tocsin/platform';

export const page = (overrides: Partial<PageMessage> = {}): PageMessage => ({
  alertId: 'alert-src-1-ab12',
  episode: 2,
  attemptId: 'attempt-1',
  orgName: 'Acme & Co',
  summary: 'Disk <90%> full on db-1 "primary"',
  priority: 'HIGH',
  labels: { service: 'db', env: 'prod' },
  alertUrl: 'https://tocsin.example/signals/alerts/alert-src-1-ab12',
  acknowledgeUrl: 'https://tocsin.example/a/acknowledge?token=abc.def',
  resolveUrl: 'https://tocsin.example/a/resolve?token=ghi.jkl',
  shortCode: '4KX9QZ',
  ...overrides,
});

export const apnsKeys = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
export const fcmKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A JWT's parts, decoded, for asserting what a provider would check. */
export function decodeJwt(jwt: string) {
  const [header, claims, signature] = jwt.split('.');
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return {
    header: json(header),
    claims: json(claims),
    input: `${header}.${claims}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

export const DEVICE_TOKEN = 'a'.repeat(64);
export const FCM_TOKEN = 'fcm-registration-token-0123456789:APA91b';

/** Local servers are loopback: the guard is off here, and tested on its own in channels.webhooks.test.ts. */
export const egress: EgressOptions = { allowPrivate: true, timeoutMs: 1000 };
export const now = () => Date.parse('2026-11-24T21:00:00Z');
