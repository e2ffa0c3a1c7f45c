import type { AccountRole } from '@tocsin/domain';

/** Who is calling, resolved from the session cookie by the session middleware. */
export interface Identity {
  sessionKey: string;
  userId: string;
  orgId: string;
  role: AccountRole;
  staff: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
  }
}
