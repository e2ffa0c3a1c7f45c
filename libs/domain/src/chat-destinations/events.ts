import type { IssuedPhoneCode } from '../phones/events';
import type { ChatDestinationKind } from './constants';

/**
 * A webhook URL as the log keeps it (ARCHITECTURE.md "Security rules": secrets encrypted at rest): `sealed` by the
 * api's secret box, `digest` a keyed hash that finds the same URL added twice, `hint` what may be shown.
 */
export interface SealedWebhook {
  sealed: string;
  digest: string;
  hint: string;
}

export type ChatDestinationAdded = {
  type: 'ChatDestinationAdded';
  data: { destinationId: string; userId: string; kind: ChatDestinationKind; name: string; url: SealedWebhook };
};
export type ChatDestinationCodeSent = {
  type: 'ChatDestinationCodeSent';
  data: { destinationId: string } & IssuedPhoneCode;
};
export type ChatDestinationVerificationFailed = {
  type: 'ChatDestinationVerificationFailed';
  data: { destinationId: string; attempts: number };
};
export type ChatDestinationVerified = {
  type: 'ChatDestinationVerified';
  data: { destinationId: string; userId: string };
};
export type ChatDestinationRemoved = {
  type: 'ChatDestinationRemoved';
  data: { destinationId: string; userId: string };
};

export type ChatDestinationEvent =
  | ChatDestinationAdded
  | ChatDestinationCodeSent
  | ChatDestinationVerificationFailed
  | ChatDestinationVerified
  | ChatDestinationRemoved;

/** One stream per destination; like phones, a chat destination belongs to the person, not to an organization. */
export const chatDestinationStream = (destinationId: string) => `chatDestination-${destinationId}`;
