import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const API_PREFIXES = ['/api/', '/api', '/infra/', '/internal_api/', '/socket.io/', '/avatars/', '/calendars/'];

/**
 * The built React app: its files, and index.html for every other GET that accepts HTML, so deep
 * links work. API paths skip it entirely (no file-system lookups on the hot path). A missing build
 * answers with how to build it.
 */
export function webApp(webDist: string) {
  const index = join(webDist, 'index.html');
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
      response.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  };
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (API_PREFIXES.some((prefix) => request.path.startsWith(prefix))) return next();
    files(request, response, () => fallback(request, response, next));
  };
}
