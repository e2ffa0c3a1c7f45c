import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { compile } from 'proxy-addr';
import { failed, failedStatus, type DeliveryResult } from './channels.port';

/**
 * The one client for outbound calls (ARCHITECTURE.md, "Security rules"): an organization chooses a Slack or Teams
 * webhook URL or an identity provider, an operator a gateway or provider URL, and our server calls it, so unless the operator allows it (CHANNELS_ALLOW_PRIVATE_ADDRESSES, for
 * tests and development) it refuses loopback, private, link-local (cloud metadata), shared, multicast and reserved
 * addresses. The check runs inside the socket's DNS lookup, on the addresses actually connected to, so a name that
 * resolves differently a second time (DNS rebinding) gains nothing; IP literals are checked before connecting.
 * Redirects are never followed, time and response size are bounded.
 */
const refusedRange = compile([
  'loopback',
  'linklocal',
  'uniquelocal',
  '0.0.0.0/8',
  '100.64.0.0/10',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '64:ff9b::/96',
  '2001:db8::/32',
  'ff00::/8',
]);

export const isPrivateAddress = (address: string) => isIP(address) === 0 || refusedRange(address, 0);

export interface EgressOptions {
  /** Let calls reach private and loopback addresses (tests, development, a gateway on the operator's network). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** What is kept of an answer; the rest is not read. */
  maxResponseBytes?: number;
}

export interface EgressRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface EgressResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class EgressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefused';
  }
}

export class EgressTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'EgressTimeout';
  }
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      return callback(new EgressRefused(`${hostname} resolves to a private address (${refused.address})`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * The guard for a connection made outside `egress` (APNs' HTTP/2 session): the URL checked as `egress` checks it
 * (an http(s) URL, no private IP literal), and the DNS lookup to give the connection, or a refusal.
 */
export function guardedTarget(address: string, options: Pick<EgressOptions, 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new EgressRefused('the address is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EgressRefused(`${url.protocol} addresses are not called`);
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
    throw new EgressRefused(`${literal} is a private address`);
  }
  return url;
}

export const egressLookup = (options: Pick<EgressOptions, 'allowPrivate'>): LookupFunction | undefined =>
  options.allowPrivate ? undefined : guardedLookup;

export function egress(request: EgressRequest, options: EgressOptions): Promise<EgressResponse> {
  let url: URL;
  try {
    url = guardedTarget(request.url, options);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const limit = options.maxResponseBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const call = send(url, {
      method: request.method,
      headers:
        request.body === undefined
          ? request.headers
          : { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      lookup: egressLookup(options),
      // keep-alive pools would outlive the timer below and hold a test server open
      agent: false,
    });
    const timer = setTimeout(() => {
      // rejected here too: past the headers, destroying the request need not surface as an error
      const timeout = new EgressTimeout(options.timeoutMs);
      call.destroy(timeout);
      reject(timeout);
    }, options.timeoutMs);
    call.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (size >= limit) return;
        chunks.push(chunk.subarray(0, limit - size));
        size += chunk.length;
        if (size >= limit) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    call.end(request.body);
  });
}

/**
 * An egress call as a delivery: 2xx is handed to `delivered`; a refused address is final, a timeout or an
 * unreachable host is retried, a redirect is final (webhooks and providers do not redirect; following one could
 * lead anywhere), any other status as `failedStatus` maps it.
 */
export async function deliverOverHttp(
  request: EgressRequest,
  options: EgressOptions,
  delivered: (response: EgressResponse) => DeliveryResult,
): Promise<DeliveryResult> {
  let response: EgressResponse;
  try {
    response = await egress(request, options);
  } catch (error) {
    return deliveryError(error);
  }
  if (response.status >= 200 && response.status < 300) return delivered(response);
  if (response.status >= 300 && response.status < 400) {
    return failed(false, `${response.status} redirect to ${response.headers.location ?? 'nowhere'} not followed`);
  }
  return failedStatus(response.status, response.body);
}

export function deliveryError(error: unknown): DeliveryResult {
  if (error instanceof EgressRefused) return failed(false, `refused: ${error.message}`);
  if (error instanceof EgressTimeout) return failed(true, `timeout: ${error.message}`);
  const { code, message } = error as NodeJS.ErrnoException;
  return failed(true, `unreachable: ${code ?? message}`);
}

/**
 * What the egress guard would say of calling `address` now (null: it may be called), for a form to refuse an
 * address before it is saved: the same checks as `egress`, the name resolved once. Deliveries check again on
 * each call (a name may resolve elsewhere later).
 */
export async function egressRefusal(
  address: string,
  options: Pick<EgressOptions, 'allowPrivate'>,
): Promise<string | null> {
  try {
    const url = guardedTarget(address, options);
    const lookup = egressLookup(options);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!lookup || isIP(literal)) return null;
    await new Promise<void>((resolve, reject) =>
      lookup(literal, { all: true }, (error) => (error ? reject(error) : resolve())),
    );
    return null;
  } catch (error) {
    // a name that does not resolve now may later: only the guard's own refusal refuses
    return error instanceof EgressRefused ? error.message : null;
  }
}
