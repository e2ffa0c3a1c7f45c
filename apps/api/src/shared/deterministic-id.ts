import { createHash } from 'node:crypto';

/** A UUID derived from a seed (e.g. the command id), so a retried command yields the same ids. */
export function deterministicId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
