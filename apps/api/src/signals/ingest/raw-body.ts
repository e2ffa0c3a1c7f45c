import express from 'express';
import type { Request, Response } from 'express';

/** Monitoring tools send large groups; PagerDuty takes events up to 512 KB. */
export const INGEST_BODY_LIMIT = 1024 * 1024;

const readRaw = express.raw({ type: () => true, limit: INGEST_BODY_LIMIT, inflate: true });

export type RawBody = { ok: true; body: Buffer } | { ok: false; status: number; message: string };

/**
 * The body exactly as sent (the signature covers its bytes), read here rather than by the app's JSON
 * parser, so a payload that is not JSON still reaches ingest and leaves a log entry. Never throws.
 */
export function rawBodyOf(request: Request, response: Response): Promise<RawBody> {
  return new Promise((resolve) => {
    readRaw(request, response, (error?: unknown) => {
      if (!error) {
        const body = request.body as unknown;
        return resolve({ ok: true, body: Buffer.isBuffer(body) ? body : Buffer.alloc(0) });
      }
      const status = (error as { status?: number }).status ?? 400;
      if (status === 413) return resolve({ ok: false, status: 413, message: 'The payload is larger than 1 MB' });
      if (status === 415)
        return resolve({
          ok: false,
          status: 415,
          message: 'The payload encoding is not supported: send identity, gzip, deflate or br',
        });
      resolve({ ok: false, status: 400, message: 'The payload could not be read: send it again in full' });
    });
  });
}
