import { ALERT_ACTION_LINK_PATH, METRICS_API, PHONES_API, PROBES_PREFIX } from '@tocsin/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const API_PREFIXES = [
  '/api/',
  '/api',
  '/infra/',
  '/internal_api/',
  '/socket.io/',
  '/avatars/',
  '/calendars/',
  '/heartbeats/',
  PROBES_PREFIX,
];
/**
 * Server routes outside those prefixes: ones a browser navigates to (GET /sessions exits staff access), and
 * calls SPEC.md section 7 writes at the root (GET /phones), Prometheus's scrape (GET /metrics); no screen of the web app lives at these paths.
 */
const SERVER_PATHS = new Set(['/sessions', '/sessions/sso/callback', PHONES_API, METRICS_API]);

/**
 * `window.NAME = "value";` for each flag, safe inside a script element (no `<` can close it). The
 * text alone: the Content-Security-Policy allows this inline script by its hash (security-headers.ts).
 */
export function flagScriptText(windowFlags: Record<string, string>): string {
  const lines = Object.entries(windowFlags).map(
    ([name, value]) => `window[${JSON.stringify(name)}]=${JSON.stringify(value)};`,
  );
  return lines.join('').replace(/</g, '\\u003c');
}

/**
 * The built React app: its files, and index.html for every other GET that accepts HTML, so deep
 * links work; index.html carries `windowFlags` (server settings the web reads from `window`). API
 * paths skip it entirely (no file-system lookups on the hot path). A missing build answers with how
 * to build it.
 */
export function webApp(webDist: string, windowFlags: Record<string, string> = {}) {
  const index = join(webDist, 'index.html');
  const script = `<script>${flagScriptText(windowFlags)}</script>`;
  const files = express.static(webDist, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => {
      if (path.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const fallback = (request: Request, response: Response, next: NextFunction) => {
    if (!request.accepts('html')) return next();
    if (!existsSync(index)) {
      response
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    readFile(index, 'utf8').then((html) => {
      const page = html.replace('</head>', `${script}</head>`);
      // no-cache: the browser asks again each time and gets 304 while the build is the same (the app sends no
      // ETag of its own, bootstrap.ts: the page sets its validator here)
      response.setHeader('Cache-Control', 'no-cache');
      response.setHeader('ETag', `"${createHash('sha1').update(page).digest('base64url')}"`);
      response.type('html').send(page);
    }, next);
  };
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (API_PREFIXES.some((prefix) => request.path.startsWith(prefix)) || SERVER_PATHS.has(request.path)) return next();
    // the confirmation page of a signed alert link is the server's (it works without the app or a session)
    if (ALERT_ACTION_LINK_PATH.test(request.path)) return next();
    files(request, response, () => fallback(request, response, next));
  };
}
