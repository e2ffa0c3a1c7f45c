/** Password checks need I/O (argon2); the handler verifies and passes the outcome in. */
export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; name: string; passwordHash: string }
  | { type: 'ChangePassword'; userId: string; currentPasswordValid: boolean; passwordHash: string }
  | { type: 'SetDefaultOrganization'; userId: string; organizationId: string; isMember: boolean }
  | { type: 'UpdateProfile'; userId: string; name: string }
  | { type: 'ChangeAvatar'; userId: string; imageName: string }
  | { type: 'RequestPasswordReset'; userId: string; tokenHash: string; expiresAt: string }
  /** `now` is the handler's clock (ISO-8601), so the decider stays pure. */
  | { type: 'ResetPassword'; userId: string; tokenHash: string; passwordHash: string; now: string }
  | { type: 'IssueCalendarToken'; userId: string; token: string }
  /**
   * A new calendar subscription secret: `rotationId` is public (the server derives the secret from it with its
   * key), `tokenHash` the secret's SHA-256; the old address stops working.
   */
  | { type: 'RotateCalendarToken'; userId: string; rotationId: string; tokenHash: string }
  /** The handler checked the password and that no other account uses the address. */
  | { type: 'RequestEmailChange'; userId: string; email: string; tokenHash: string; expiresAt: string }
  | { type: 'ConfirmEmailChange'; userId: string; tokenHash: string; now: string }
  | { type: 'LinkSso'; userId: string; organizationId: string };
