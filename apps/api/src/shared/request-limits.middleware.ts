import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { NextFunction, Request, Response } from 'express';
import type { Runtime } from '../runtime/runtime';

/**
 * The API's general request limits (RATE_LIMIT_PER_MINUTE): per session when signed in (per API key for a key), per client
 * address otherwise (the address Express sees through TRUST_PROXY), shared by every api node in Redis
 * when configured. Beyond it: 429 with Retry-After. The per-account and per-address limits on
 * passwords are tighter and separate (RateLimiter). Runs after the session middleware (it needs the
 * identity). Redis being unreachable lets requests through: the sessions in Redis fail loudly then.
 * Ingest URLs are not counted here: a monitoring tool sends every source's alerts from one address, so each
 * source's own limit governs them, and unknown tokens are limited per address there (IngestService).
 */
export function requestLimits(runtime: Runtime) {
  const options = {
    points: runtime.config.RATE_LIMIT_PER_MINUTE,
    duration: 60,
    keyPrefix: `${runtime.config.BULLMQ_PREFIX}:ratelimit:requests`,
  };
  const limiter: RateLimiterAbstract = runtime.infra.redis
    ? new RateLimiterRedis({ ...options, storeClient: runtime.infra.redis })
    : new RateLimiterMemory(options);

  return (request: Request, response: Response, next: NextFunction) => {
    // the web app's built files: many per page load, cached by the browser, no work behind them
    if ((request.method === 'GET' || request.method === 'HEAD') && request.path.startsWith('/assets/')) return next();
    if (request.method === 'POST' && isIngestPath(request.path)) return next();
    // heartbeat pings: many jobs behind one address (a NAT, a CI runner); unknown tokens are limited per address there
    if (isHeartbeatPingPath(request.path)) return next();
    const identity = request.identity;
    const key = identity?.apiKey
      ? `key:${identity.apiKey.id}`
      : identity
        ? `session:${identity.sessionKey}`
        : `address:${request.ip ?? 'unknown'}`;
    limiter.consume(key).then(
      () => next(),
      (refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) {
          runtime.logger.error({ err: refusal }, 'request limit could not be counted');
          return next();
        }
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        response.setHeader('Retry-After', String(seconds));
        response.status(429).json({
          error: 'rate_limited',
          message: `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        });
      },
    );
  };
}

/** The ingest URLs (`/ingest/...`): governed by their source's limit and the unknown-token limit instead. */
export const isIngestPath = (path: string) => path.startsWith('/ingest/');

/** Heartbeat ping URLs (`/heartbeats/{token}`, GET or POST): like ingest URLs. */
export const isHeartbeatPingPath = (path: string) => path.startsWith('/heartbeats/');
