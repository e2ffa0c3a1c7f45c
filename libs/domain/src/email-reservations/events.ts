/** Reserves an email address for one user: appended with "no stream", so two sign-ups cannot share it. */
export type EmailReserved = { type: 'EmailReserved'; data: { email: string; userId: string } };
/** The user moved to another address: this one may be reserved again (appended at the stream's revision). */
export type EmailReleased = { type: 'EmailReleased'; data: { email: string; userId: string } };

export const emailStream = (email: string) => `userEmail-${email.trim().toLowerCase()}`;
