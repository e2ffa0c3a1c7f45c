import { egress, EgressRefused, type EgressOptions } from './egress';

/** What a library's pluggable `fetch` is given (openid-client's `customFetch`): always `redirect: 'manual'`. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array || body instanceof ArrayBuffer)
    return Buffer.from(body as Uint8Array).toString('utf8');
  throw new EgressRefused('a streamed request body is not sent');
}

/**
 * The egress client behind a fetch-shaped function, for libraries that call out themselves (the identity
 * providers' discovery, token, keys and userinfo calls through openid-client): the same address guard, time and
 * size bounds, and a redirect is handed back as it came, never followed.
 */
export function egressFetch(options: EgressOptions) {
  return async (url: string, init: FetchInit = {}): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new EgressRefused(`${method} requests are not sent`);
    const answer = await egress({ url, method, headers: init.headers, body: bodyText(init.body) }, options);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    return new Response(NULL_BODY.has(answer.status) ? null : answer.body, { status: answer.status, headers });
  };
}
