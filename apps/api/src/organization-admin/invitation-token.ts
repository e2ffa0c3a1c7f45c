import { createHash, randomBytes } from 'node:crypto';

/** The email carries a random token; the log and the read model keep only its SHA-256. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const INVITATION_DAYS = 7;
