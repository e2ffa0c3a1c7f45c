export type SessionStarted = {
  type: 'SessionStarted';
  /** `sessionKey` is the SHA-256 of the cookie's secret: the secret itself is never stored. */
  data: { sessionKey: string; userId: string; organizationId: string; expiresAt: string; staff: boolean };
};
export type SessionOrganizationSwitched = {
  type: 'SessionOrganizationSwitched';
  data: { sessionKey: string; organizationId: string };
};
export type SessionEndReason = 'signed_out' | 'password_changed' | 'expired' | 'member_removed' | 'staff_access_exited';
export type SessionEnded = { type: 'SessionEnded'; data: { sessionKey: string; reason: SessionEndReason } };
export type SessionEvent = SessionStarted | SessionOrganizationSwitched | SessionEnded;

export const sessionStream = (sessionKey: string) => `session-${sessionKey}`;
