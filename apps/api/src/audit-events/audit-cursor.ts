/**
 * Cursors are opaque to callers (a log position today; the encoding may change), so they are text, and one
 * that this API did not hand out is bad input, never a read from a made-up place.
 */
const PREFIX = 'p';

export const encodeCursor = (position: number) => Buffer.from(`${PREFIX}${position}`).toString('base64url');

/** The position a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: unknown): number | null {
  if (typeof cursor !== 'string' || cursor.length > 40 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = /^p(0|[1-9]\d{0,14})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

export const CURSOR_MESSAGE = (field: string) => `${field} must be a cursor from an earlier answer`;
