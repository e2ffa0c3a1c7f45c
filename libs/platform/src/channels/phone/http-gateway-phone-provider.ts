import { delivered, failed } from '../channels.port';
import { deliverOverHttp, type EgressOptions } from '../egress';
import { bodyEncoding, fillTemplate, type GatewayValues } from './gateway-template';
import type { PhoneKind, PhonePage, PhoneProvider } from './phone-provider.port';

export interface GatewaySettings {
  /** e.g. https://gw.example/send?to={to}&text={text} */
  urlTemplate: string;
  method: 'GET' | 'POST';
  /** e.g. {"to":"{to}","message":"{text}"}; none: no body. */
  bodyTemplate?: string;
  contentType: string;
  /** Sent as they are, e.g. an Authorization header with the gateway's key. */
  headers: Record<string, string>;
  /** What the gateway delivers; the other kinds fail at once (not retried), so paging moves to the next method. */
  kinds: PhoneKind[];
}

const ID_FIELDS = ['id', 'message_id', 'messageId', 'sid', 'uuid'];

/**
 * Any SMS gateway with an HTTP API, without code: the URL (and body) template are filled per page. A 2xx is taken
 * as accepted; the provider's id is read from a JSON answer's id / message_id / messageId / sid / uuid when there is
 * one, else the attempt id stands for it.
 */
export class HttpGatewayPhoneProvider implements PhoneProvider {
  constructor(
    private readonly settings: GatewaySettings,
    private readonly egress: EgressOptions,
  ) {}

  async send(page: PhonePage) {
    const { urlTemplate, method, bodyTemplate, contentType, headers, kinds } = this.settings;
    if (!kinds.includes(page.kind)) {
      return failed(false, `the SMS gateway is not configured for ${page.kind} (PAGE_GATEWAY_KINDS)`);
    }
    const values: GatewayValues = {
      to: page.to,
      text: page.kind === 'voice' ? page.spoken : page.text,
      kind: page.kind,
      id: page.attemptId,
    };
    const body = bodyTemplate === undefined ? undefined : fillTemplate(bodyTemplate, values, bodyEncoding(contentType));
    return deliverOverHttp(
      {
        url: fillTemplate(urlTemplate, values, 'url'),
        method,
        headers: body === undefined ? headers : { 'content-type': contentType, ...headers },
        body,
      },
      this.egress,
      (response) => delivered(messageId(response.body) ?? page.attemptId, response.body || `${response.status}`),
    );
  }
}

function messageId(body: string): string | null {
  try {
    const answer: unknown = JSON.parse(body);
    if (!answer || typeof answer !== 'object') return null;
    for (const field of ID_FIELDS) {
      const value = (answer as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  } catch {
    // a plain-text answer: the attempt id stands for the message
  }
  return null;
}
