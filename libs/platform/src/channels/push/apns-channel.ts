import { PUSH_TOKEN_PATTERNS } from '@tocsin/domain';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { randomUUID, type KeyObject } from 'node:crypto';
import {
  delivered,
  failed,
  retryableStatus,
  type Channel,
  type DeliveryResult,
  type Notice,
  type PageMessage,
} from '../channels.port';
import { deliveryError, EgressRefused, egressLookup, guardedTarget, type EgressOptions } from '../egress';
import { pageTitle } from '../page-text';
import { signJwt } from './jwt';

export interface ApnsSettings {
  /** The .p8 signing key of the Apple developer account. */
  key: KeyObject;
  keyId: string;
  teamId: string;
  /** The app's bundle id. */
  topic: string;
  /** https://api.push.apple.com (https://api.sandbox.push.apple.com for development builds). */
  url: string;
  timeoutMs: number;
  now: () => number;
  /** The address guard of every outbound call (egress.ts); APNs keeps its own HTTP/2 session. */
  egress: Pick<EgressOptions, 'allowPrivate'>;
}

/** Apple refuses a provider token younger than 20 minutes replaced, and older than an hour. */
const TOKEN_LIFETIME_MS = 40 * 60 * 1000;
/** Apple's reasons that will not get better by waiting (the device token is gone or wrong). */
const FINAL_REASONS = new Set([
  'BadDeviceToken',
  'Unregistered',
  'DeviceTokenNotForTopic',
  'TopicDisallowed',
  'BadTopic',
]);

/**
 * The APNs provider API: HTTP/2, one POST /3/device/{token} per page, a JWT (ES256) provider token reused for
 * 40 minutes, the `apns-id` answer header as the provider's message id. Critical alerts and sounds are the app's.
 */
export class ApnsChannel implements Channel {
  private session: ClientHttp2Session | null = null;
  private token: { jwt: string; issuedAt: number } | null = null;

  constructor(private readonly settings: ApnsSettings) {}

  async send(address: string, message: PageMessage): Promise<DeliveryResult> {
    const body = JSON.stringify({
      aps: {
        alert: { title: pageTitle(message), subtitle: message.orgName, body: message.summary },
        sound: 'default',
        'interruption-level': message.priority === 'HIGH' ? 'time-sensitive' : 'active',
        'thread-id': message.alertId,
      },
      alertId: message.alertId,
      episode: message.episode,
      attemptId: message.attemptId,
      alertUrl: message.alertUrl,
      acknowledgeUrl: message.acknowledgeUrl,
      resolveUrl: message.resolveUrl,
    });
    return this.deliver(address, body, {
      priority: message.priority === 'LOW' ? '5' : '10',
      collapseId: message.alertId,
      id: message.attemptId,
    });
  }

  /** A notice that is no page (a shift reminder): an ordinary alert, no sound, its own thread. */
  async notice(address: string, notice: Notice): Promise<DeliveryResult> {
    const id = randomUUID();
    const body = JSON.stringify({
      aps: { alert: { title: notice.title, body: notice.text }, 'thread-id': 'tocsin-notices' },
      ...(notice.url ? { url: notice.url } : {}),
    });
    return this.deliver(address, body, { priority: '5', collapseId: null, id });
  }

  private async deliver(
    address: string,
    body: string,
    options: { priority: '5' | '10'; collapseId: string | null; id: string },
  ): Promise<DeliveryResult> {
    if (!PUSH_TOKEN_PATTERNS.apns.test(address)) return failed(false, 'refused: not an APNs device token');
    const headers = {
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: `/3/device/${address}`,
      authorization: `bearer ${this.providerToken()}`,
      'apns-topic': this.settings.topic,
      'apns-push-type': 'alert',
      'apns-priority': options.priority,
      ...(options.collapseId ? { 'apns-collapse-id': options.collapseId.slice(0, 64) } : {}),
      'content-type': 'application/json',
    };
    let answer: { status: number; apnsId: string | undefined; body: string };
    try {
      answer = await this.request(headers, body);
    } catch (error) {
      this.session?.destroy();
      this.session = null;
      if (error instanceof EgressRefused) return deliveryError(error);
      const text = (error as Error).message;
      return failed(true, `${text.startsWith('no answer') ? 'timeout' : 'unreachable'}: ${text}`);
    }
    if (answer.status === 200) return delivered(answer.apnsId ?? options.id, '200');
    const reason = readReason(answer.body);
    if (reason === 'ExpiredProviderToken') this.token = null;
    const retryable = retryableStatus(answer.status) || reason === 'ExpiredProviderToken';
    return failed(retryable && !FINAL_REASONS.has(reason ?? ''), `${answer.status} ${reason ?? answer.body}`);
  }

  close() {
    this.session?.close();
    this.session = null;
  }

  private providerToken(): string {
    const now = this.settings.now();
    if (!this.token || now - this.token.issuedAt > TOKEN_LIFETIME_MS) {
      const { key, keyId, teamId } = this.settings;
      this.token = { jwt: signJwt('ES256', key, { iss: teamId, iat: Math.floor(now / 1000) }, keyId), issuedAt: now };
    }
    return this.token.jwt;
  }

  private connection(): ClientHttp2Session {
    if (!this.session || this.session.closed || this.session.destroyed) {
      const { egress } = this.settings;
      const session = connect(guardedTarget(this.settings.url, egress), { lookup: egressLookup(egress) });
      session.on('error', () => session.destroy());
      session.on('close', () => {
        if (this.session === session) this.session = null;
      });
      // an idle connection must not keep the process (or a test) alive
      session.unref();
      this.session = session;
    }
    return this.session;
  }

  private request(headers: Record<string, string>, body: string) {
    return new Promise<{ status: number; apnsId: string | undefined; body: string }>((resolve, reject) => {
      const stream = this.connection().request(headers);
      const timer = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), this.settings.timeoutMs);
      let status = 0;
      let apnsId: string | undefined;
      const chunks: Buffer[] = [];
      stream.on('response', (responseHeaders) => {
        status = Number(responseHeaders[constants.HTTP2_HEADER_STATUS]);
        apnsId = responseHeaders['apns-id'] as string | undefined;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      stream.on('close', () => {
        clearTimeout(timer);
        if (status === 0) reject(new Error(`no answer within ${this.settings.timeoutMs} ms`));
        else resolve({ status, apnsId, body: Buffer.concat(chunks).toString('utf8').slice(0, 2000) });
      });
      stream.end(body);
    });
  }
}

function readReason(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason : null;
  } catch {
    return null;
  }
}
