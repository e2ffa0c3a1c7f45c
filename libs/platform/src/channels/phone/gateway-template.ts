import { escapeXml } from '../../text/escape';

/**
 * The generic HTTP gateway's templates (PAGE_GATEWAY_URL, PAGE_GATEWAY_BODY): `{to}` (E.164), `{text}` (the SMS
 * text, or what a call says), `{kind}` (sms, voice, whats_app) and `{id}` (the attempt id). Values are encoded for
 * where they land: URL-encoded in the URL and in a form body, JSON-escaped in a JSON body (write `"{text}"`),
 * XML-escaped in an XML body (text/xml, application/xml, +xml), as is in a plain-text body, where nothing is markup.
 * Nothing else in braces is touched, so JSON templates need no escaping.
 */
export const GATEWAY_PLACEHOLDERS = ['to', 'text', 'kind', 'id'] as const;
export type GatewayValues = Record<(typeof GATEWAY_PLACEHOLDERS)[number], string>;
export type GatewayEncoding = 'url' | 'json' | 'xml' | 'raw';

const PLACEHOLDER = /\{(to|text|kind|id)\}/g;

const encoders: Record<GatewayEncoding, (value: string) => string> = {
  url: encodeURIComponent,
  json: (value) => JSON.stringify(value).slice(1, -1),
  xml: escapeXml,
  raw: (value) => value,
};

export function fillTemplate(template: string, values: GatewayValues, encoding: GatewayEncoding): string {
  return template.replace(PLACEHOLDER, (_, name: keyof GatewayValues) => encoders[encoding](values[name]));
}

export function bodyEncoding(contentType: string): GatewayEncoding {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'url';
  if (type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml')) return 'xml';
  return 'raw';
}

/**
 * Why a URL template cannot be used, or null: an absolute http(s) URL whose host is fixed (a placeholder there
 * would let a phone number choose the server we call), with at least `{to}` somewhere in the URL or the body.
 */
export function gatewayUrlProblem(template: string, body?: string): string | null {
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    return 'must be an absolute URL like https://gateway.example/send?to={to}&text={text}';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// or http://';
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(template)?.[1] ?? '';
  if (/\{(to|text|kind|id)\}/.test(authority)) return 'may use placeholders only after the host';
  if (!`${template} ${body ?? ''}`.includes('{to}')) return 'must name {to} in the URL or in PAGE_GATEWAY_BODY';
  return null;
}
