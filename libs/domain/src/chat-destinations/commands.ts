import type { IssuedPhoneCode } from '../phones/events';
import type { SealedWebhook } from './events';

/** `url` arrives checked (webhookUrlProblem) and sealed by the api; `kind` and `name` as the client sent them. */
export type AddChatDestination = {
  type: 'AddChatDestination';
  destinationId: string;
  userId: string;
  kind: unknown;
  name: unknown;
  url: SealedWebhook;
  code: IssuedPhoneCode;
};
export type ResendChatDestinationCode = {
  type: 'ResendChatDestinationCode';
  destinationId: string;
  userId: string;
  code: IssuedPhoneCode;
};
/** `codeHash`: the entered code hashed with the current code's salt. */
export type VerifyChatDestination = {
  type: 'VerifyChatDestination';
  destinationId: string;
  userId: string;
  codeHash: string;
  now: string;
};
export type RemoveChatDestination = { type: 'RemoveChatDestination'; destinationId: string; userId: string };

export type ChatDestinationCommand =
  AddChatDestination | ResendChatDestinationCode | VerifyChatDestination | RemoveChatDestination;
