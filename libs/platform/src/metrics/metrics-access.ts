import type { IncomingHttpHeaders } from 'node:http';
import { bearerOf, sameSecret } from '../net/bearer';
import { isLoopback } from '../net/loopback';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'not_here';

/**
 * Who may read /metrics. With METRICS_TOKEN set: a caller presenting it as a bearer token (compared in constant
 * time; anything else is 401). Without: a caller on this machine's loopback that came through no proxy (a
 * forwarding header says one relayed it); others are answered as if there were no such page.
 */
export function metricsAccess(
  token: string | undefined,
  caller: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
): MetricsAccess {
  if (token) {
    return sameSecret(bearerOf(caller.headers.authorization) ?? '', token) ? 'allowed' : 'unauthorized';
  }
  const relayed = caller.headers['x-forwarded-for'] !== undefined || caller.headers.forwarded !== undefined;
  return isLoopback(caller.remoteAddress) && !relayed ? 'allowed' : 'not_here';
}
