import express from 'express';
import type { Request, Response } from 'express';

/** Monitoring tools send large groups (an Alertmanager group of 1,000 alerts). */
export const INGEST_BODY_LIMIT = 1024 * 1024;
/** PagerDuty's documented bound on one Events API v2 event: what it refuses, Tocsin refuses too. */
export const PAGERDUTY_BODY_LIMIT = 512 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

const readers = new Map<number, express.RequestHandler>();
/** The limit counts the bytes once inflated, and is checked while inflating: a small gzip bomb stops at it. */
const readerFor = (limit: number) => {
  let reader = readers.get(limit);
  if (!reader) readers.set(limit, (reader = express.raw({ type: () => true, limit, inflate: true })));
  return reader;
};

export type RawBody = { ok: true; body: Buffer } | { ok: false; status: number; message: string };

/**
 * The body exactly as sent (the signature covers its bytes), read here rather than by the app's JSON
 * parser, so a payload that is not JSON still reaches ingest and leaves a log entry. Never throws.
 */
export function rawBodyOf(request: Request, response: Response, limit = INGEST_BODY_LIMIT): Promise<RawBody> {
  return new Promise((resolve) => {
    readerFor(limit)(request, response, (error?: unknown) => {
      if (!error) {
        const body = request.body as unknown;
        return resolve({ ok: true, body: Buffer.isBuffer(body) ? body : Buffer.alloc(0) });
      }
      const status = (error as { status?: number }).status ?? 400;
      if (status === 413)
        return resolve({ ok: false, status: 413, message: `The payload is larger than ${sizeText(limit)}` });
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
