import { verifyGatewaySignature, verifyTwilioSignature, GATEWAY_SIGNATURE_HEADER } from './inbound-signatures';

/**
 * What the inbound SMS endpoint (i9-paging) needs to believe and read a reply, whichever phone provider sends
 * pages: which provider it is, the signature check for it, and the sender and text out of its payload.
 */
export type InboundSmsProvider =
  | { kind: 'twilio'; authToken: string }
  | { kind: 'gateway'; secret: string }
  /** No provider can send us replies (dev mailbox, or a gateway without PAGE_GATEWAY_SECRET): refuse them all. */
  | { kind: 'none' };

export function inboundSmsProvider(config: {
  PAGE_GATEWAY_URL?: string;
  PAGE_GATEWAY_SECRET?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
}): InboundSmsProvider {
  if (config.PAGE_GATEWAY_URL) {
    return config.PAGE_GATEWAY_SECRET ? { kind: 'gateway', secret: config.PAGE_GATEWAY_SECRET } : { kind: 'none' };
  }
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    return { kind: 'twilio', authToken: config.TWILIO_AUTH_TOKEN };
  }
  return { kind: 'none' };
}

export interface InboundSmsRequest {
  /** The URL exactly as the provider called it: PUBLIC_URL + the path and query string of the request. */
  url: string;
  /** Header names in lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, before any parsing (the gateway signs its bytes). */
  rawBody: string;
  /** The parsed form or JSON body. */
  params: Record<string, unknown>;
  nowMs: number;
}

const header = (headers: InboundSmsRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether the configured provider signed a reply; a signature with a timestamp (the gateway's) also names the reply
 * for the replay check (a signature is taken once within its window) and says until when it must be remembered.
 */
export type InboundSmsSignature =
  { signed: false } | { signed: true; replay: { digest: string; untilMs: number } | null };

export function inboundSmsSigned(provider: InboundSmsProvider, request: InboundSmsRequest): InboundSmsSignature {
  switch (provider.kind) {
    case 'twilio': {
      const signed = verifyTwilioSignature(
        provider.authToken,
        request.url,
        stringParams(request.params),
        header(request.headers, 'x-twilio-signature'),
      );
      return signed ? { signed, replay: null } : { signed };
    }
    case 'gateway': {
      const check = verifyGatewaySignature(
        provider.secret,
        request.rawBody,
        header(request.headers, GATEWAY_SIGNATURE_HEADER),
        request.nowMs,
      );
      return check.ok ? { signed: true, replay: { digest: check.mac, untilMs: check.untilMs } } : { signed: false };
    }
    case 'none':
      return { signed: false };
  }
}

const FROM_FIELDS = ['From', 'from', 'sender', 'msisdn'];
const TEXT_FIELDS = ['Body', 'text', 'body', 'message'];

/**
 * The sender (E.164 as sent, `whatsapp:` prefix removed) and text of a reply: Twilio's `From` / `Body`; a gateway's
 * `from` (or `sender`, `msisdn`) and `text` (or `body`, `message`), form-encoded or JSON. Null when either is
 * missing.
 */
export function inboundSmsMessage(params: Record<string, unknown>): { from: string; text: string } | null {
  const pick = (fields: string[]) => fields.map((field) => params[field]).find((value) => typeof value === 'string');
  const from = pick(FROM_FIELDS) as string | undefined;
  const text = pick(TEXT_FIELDS) as string | undefined;
  if (!from || text === undefined) return null;
  const number = from.replace(/^whatsapp:/, '').trim();
  return { from: /^\d/.test(number) ? `+${number}` : number, text };
}

function stringParams(params: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | string[]] =>
        typeof entry[1] === 'string' || (Array.isArray(entry[1]) && entry[1].every((v) => typeof v === 'string')),
    ),
  );
}
