import { randomBytes } from 'node:crypto';
import { tokenHashOf } from '../event-sources/ingest-token';

/** A feed address's secret: 32 URL-safe characters (192 random bits). Only its SHA-256 is kept. */
export const FEED_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;
export const newFeedToken = () => randomBytes(24).toString('base64url');
/** SHA-256 in hex, as the ingest tokens' hashes are kept. */
export const feedTokenHash = tokenHashOf;
