import { sha256Hex } from '../../shared/sha256';
import { alertStream } from './events';

/** The stream of the alert a source names with `dedupKey` (the key hashed: any length, any characters in). */
export const alertStreamFor = (sourceId: string, dedupKey: string) => alertStream(sourceId, sha256Hex(dedupKey));

/**
 * The alert's id, a UUID derived from its stream: the same payload always names the same alert, in every
 * process, so ingest needs no lookup and two identical payloads race on one stream.
 */
export function alertIdFor(sourceId: string, dedupKey: string): string {
  const hex = sha256Hex(alertStreamFor(sourceId, dedupKey));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
