import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CONFIG, type AppConfig } from '../runtime/ports';

/** Addresses of this machine: a request naming one cannot send a link anywhere else. */
const LOOPBACK = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Where emailed links (password reset, invitations, email verification) point. PUBLIC_URL when set, as it
 * must be in production: a request's Host or Origin is whatever its sender wrote, and a reset link built
 * from it would carry the token to their site. Without PUBLIC_URL (development, tests) the address the
 * browser used, when it is this machine (so the Vite dev server's links open the dev server), else
 * http://localhost:{PORT}.
 */
@Injectable()
export class PublicUrl {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /** Where links made with no request at hand point (a page, a notice sent by a job): PUBLIC_URL, else this machine. */
  get base(): string {
    return this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`;
  }

  of(request: Request): string {
    const { PUBLIC_URL, PORT } = this.config;
    if (PUBLIC_URL) return PUBLIC_URL;
    const used = [request.headers.origin, `${request.protocol}://${request.get('host') ?? ''}`];
    return (
      used.find((address): address is string => typeof address === 'string' && LOOPBACK.test(address)) ??
      `http://localhost:${PORT}`
    );
  }
}
