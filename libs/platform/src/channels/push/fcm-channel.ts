import { PUSH_TOKEN_PATTERNS } from '@tocsin/domain';
import type { KeyObject } from 'node:crypto';
import { delivered, failed, type Channel, type DeliveryResult, type Notice, type PageMessage } from '../channels.port';
import { deliverOverHttp, type EgressOptions } from '../egress';
import { pageTitle } from '../page-text';
import { signJwt } from './jwt';

export interface FcmSettings {
  projectId: string;
  /** The service account's client_email and private_key (from its JSON key file). */
  clientEmail: string;
  key: KeyObject;
  /** https://fcm.googleapis.com */
  url: string;
  /** The service account's token_uri, https://oauth2.googleapis.com/token */
  tokenUrl: string;
  egress: EgressOptions;
  now: () => number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM's error statuses that stay true whatever we wait for: the token is gone or the message is wrong. */
const FINAL_STATUSES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH', 'NOT_FOUND']);

/**
 * FCM's HTTP v1 API: an OAuth2 access token from the service account (a signed JWT exchanged at token_uri, kept
 * until a minute before it expires), then POST /v1/projects/{project}/messages:send per page; the answer's `name`
 * is the provider's message id. Data fields carry the signed links so the app can offer the buttons.
 */
export class FcmChannel implements Channel {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: FcmSettings) {}

  async send(address: string, message: PageMessage): Promise<DeliveryResult> {
    return this.deliver(address, {
      notification: { title: pageTitle(message), body: `${message.orgName}: ${message.summary}` },
      data: {
        alertId: message.alertId,
        episode: String(message.episode),
        attemptId: message.attemptId,
        alertUrl: message.alertUrl,
        acknowledgeUrl: message.acknowledgeUrl,
        resolveUrl: message.resolveUrl,
      },
      android: {
        priority: message.priority === 'LOW' ? 'NORMAL' : 'HIGH',
        collapse_key: message.alertId.slice(0, 64),
      },
    });
  }

  /** A notice that is no page (a shift reminder): normal priority, nothing to collapse with. */
  async notice(address: string, notice: Notice): Promise<DeliveryResult> {
    return this.deliver(address, {
      notification: { title: notice.title, body: notice.text },
      data: notice.url ? { url: notice.url } : {},
      android: { priority: 'NORMAL' },
    });
  }

  private async deliver(address: string, message: Record<string, unknown>): Promise<DeliveryResult> {
    if (!PUSH_TOKEN_PATTERNS.fcm.test(address)) return failed(false, 'refused: not an FCM registration token');
    const access = await this.accessToken();
    if (typeof access !== 'string') return access;
    const { url, projectId, egress } = this.settings;
    const body = { message: { token: address, ...message } };
    const result = await deliverOverHttp(
      {
        url: `${url.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(projectId)}/messages:send`,
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      egress,
      (response) => {
        const name = readField(response.body, 'name');
        return name
          ? delivered(name, `${response.status}`)
          : failed(true, `${response.status} without a name: ${response.body}`);
      },
    );
    if (result.ok) return result;
    if (result.answer.startsWith('401')) {
      // a revoked or expired access token: a fresh one next time
      this.token = null;
      return { ...result, retryable: true };
    }
    const status = /"status"\s*:\s*"([A-Z_]+)"/.exec(result.answer)?.[1];
    return status && FINAL_STATUSES.has(status) ? { ...result, retryable: false } : result;
  }

  private async accessToken(): Promise<string | DeliveryResult> {
    const now = this.settings.now();
    if (this.token && now < this.token.expiresAt - 60_000) return this.token.value;
    const { clientEmail, key, tokenUrl, egress } = this.settings;
    const iat = Math.floor(now / 1000);
    const assertion = signJwt('RS256', key, { iss: clientEmail, scope: SCOPE, aud: tokenUrl, iat, exp: iat + 3600 });
    const got: { token?: { value: string; expiresAt: number } } = {};
    const result = await deliverOverHttp(
      {
        url: tokenUrl,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      },
      egress,
      (response) => {
        const value = readField(response.body, 'access_token');
        const expiresIn = Number(readField(response.body, 'expires_in') ?? 3600);
        if (!value) return failed(true, `token endpoint answered ${response.status} without an access_token`);
        got.token = { value, expiresAt: now + expiresIn * 1000 };
        return delivered('token', 'ok');
      },
    );
    if (!got.token) return failed(!result.ok && result.retryable, `FCM access token: ${result.answer}`);
    this.token = got.token;
    return got.token.value;
  }
}

function readField(body: string, field: string): string | null {
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  } catch {
    return null;
  }
}
