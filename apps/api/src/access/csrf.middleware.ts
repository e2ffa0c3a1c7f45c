import { ALERT_ACTION_LINK_PATH, CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';
import type { NextFunction, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { timingSafeEqual } from 'node:crypto';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF check: a cookie-authenticated mutation must echo the JS-readable CSRF cookie in
 * a header, which a cross-site form cannot do.
 */
export function csrfMiddleware(request: Request, response: Response, next: NextFunction) {
  if (SAFE.has(request.method) || !request.identity) return next();
  // an API key is sent by a program in a header a cross-site form cannot set: no cookie, no CSRF
  if (request.identity.apiKey) return next();
  // a signed one-click link carries its own unguessable, single-purpose token: the session plays no part
  if (ALERT_ACTION_LINK_PATH.test(request.path)) return next();
  const cookie = parseCookies(request.headers.cookie ?? '')[CSRF_COOKIE] ?? '';
  const header = request.header(CSRF_HEADER) ?? '';
  const ok =
    cookie.length > 0 && cookie.length === header.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (ok) return next();
  response
    .status(403)
    .json({ error: 'csrf', message: 'Your session could not be verified. Reload the page and try again.' });
}
