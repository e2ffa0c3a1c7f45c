import type { IncomingHttpHeaders } from 'node:http';
import { bearerOf, sameSecret } from '../net/bearer';
import { isLoopback } from '../net/loopback';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'not_here';

/** Headers a proxy writes when it relays a caller (nginx's usual X-Real-IP, Via, the X-Forwarded-* family). */
const RELAY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * Who may read /metrics. With METRICS_TOKEN set: a caller presenting it as a bearer token (compared in constant
 * time; anything else is 401). Without: a caller on this machine's loopback that came through no proxy: neither a
 * peer TRUST_PROXY names as one (`viaTrustedProxy`: nginx adds no forwarding header unless told to), nor a request
 * carrying a header a proxy writes. Others are answered as if there were no such page.
 */
export function metricsAccess(
  token: string | undefined,
  caller: { remoteAddress: string | undefined; headers: IncomingHttpHeaders; viaTrustedProxy?: boolean },
): MetricsAccess {
  if (token) {
    return sameSecret(bearerOf(caller.headers.authorization) ?? '', token) ? 'allowed' : 'unauthorized';
  }
  const relayed = caller.viaTrustedProxy === true || RELAY_HEADERS.some((name) => caller.headers[name] !== undefined);
  return isLoopback(caller.remoteAddress) && !relayed ? 'allowed' : 'not_here';
}
