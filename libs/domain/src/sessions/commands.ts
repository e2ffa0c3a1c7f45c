import type { SessionEndReason } from './events';

export type SessionCommand =
  | {
      type: 'StartSession';
      sessionKey: string;
      userId: string;
      organizationId: string;
      expiresAt: string;
      staff: boolean;
    }
  | { type: 'SwitchOrganization'; sessionKey: string; organizationId: string; isMember: boolean }
  | { type: 'EndSession'; sessionKey: string; reason: SessionEndReason };
