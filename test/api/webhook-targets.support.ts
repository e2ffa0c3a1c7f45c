import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TARGETS_API, alertActionPath, webhookTargetPath } from '@tocsin/contracts';
import type { WebhookTargetWithSecret } from '@tocsin/contracts';
import { eventually } from '../support/eventually';
import type { RecordedRequest } from '../support/recording-server';
import type { Client } from '../support/session';

export const ALL_EVENTS = [
  'alert.triggered',
  'alert.acknowledged',
  'alert.resolved',
  'alert.escalated',
  'alert.reassigned',
] as const;

export async function createTarget(
  client: Client,
  body: Record<string, unknown>,
): Promise<WebhookTargetWithSecret & { secret: string }> {
  const response = await client
    .post(WEBHOOK_TARGETS_API)
    .send({ event_types: ALL_EVENTS, ...body })
    .expect(201);
  return response.body.data;
}

export const targetOf = async (client: Client, id: string) =>
  (await client.get(webhookTargetPath(id)).expect(200)).body.data as WebhookTargetWithSecret;

/**
 * A receiver's own check of `X-Tocsin-Signature` (as the page's recipe shows it), written here with node:crypto
 * alone: the `v1=` values that match HMAC-SHA256(secret, t + "." + body).
 */
export function verified(request: RecordedRequest, secret: string): boolean {
  const header = String(request.headers['x-tocsin-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  return [...header.matchAll(/v1=([0-9a-f]{64})/g)].some(([, hex]) =>
    timingSafeEqual(Buffer.from(hex, 'hex'), expected),
  );
}

export const signaturesIn = (request: RecordedRequest) =>
  [...String(request.headers['x-tocsin-signature'] ?? '').matchAll(/v1=/g)].length;

/** Acknowledges through the API once the alerts view shows the alert. */
export const acknowledge = (client: Client, alertId: string) =>
  eventually(async () => (await client.post(alertActionPath(alertId, 'acknowledge')).send({})).status === 200);
