import type { HandoffNotificationFields } from './events';

/** Create (an id the stream does not hold) or change; fields left out keep their value, or start from the defaults. */
export type SaveHandoffNotification = { type: 'SaveHandoffNotification'; id: string } & {
  [K in keyof HandoffNotificationFields]?: unknown;
};
export type RemoveHandoffNotification = { type: 'RemoveHandoffNotification'; id: string };
export type HandoffNotificationCommand = SaveHandoffNotification | RemoveHandoffNotification;
