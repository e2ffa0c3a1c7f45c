import helmet from 'helmet';
import { createHash } from 'node:crypto';

/** CSP source for one inline script whose text is known at start (the window flags), by its hash. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Security headers on every answer (helmet), fitted to the built app: scripts only from this origin
 * (plus the window-flag script, by hash), Mantine's inline styles, images from data: and blob: URLs
 * (avatars being cropped), sockets to this origin (ws: and wss:, as Socket.IO connects), no framing
 * (clickjacking), no referrer (reset and invitation pages carry their token in the address). HSTS only
 * in production: development and tests are plain HTTP, and a browser remembers HSTS for a year.
 */
export function securityHeaders(options: { production: boolean; inlineScripts: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScripts.map(scriptHash)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // single sign-on leaves by a script navigation (window.location), which form-action does not govern
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}
