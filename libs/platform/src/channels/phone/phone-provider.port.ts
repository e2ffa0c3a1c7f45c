import type { PhoneNotificationType } from '@tocsin/domain';
import type { DeliveryResult } from '../channels.port';

export type PhoneKind = PhoneNotificationType;

/** One page for one phone, already worded: `text` for SMS and WhatsApp, `spoken` for a call. */
export interface PhonePage {
  kind: PhoneKind;
  /** E.164. */
  to: string;
  text: string;
  spoken: string;
  attemptId: string;
}

/**
 * The phone-provider port behind SMS, voice and WhatsApp pages: the Twilio-compatible API or a generic HTTP
 * gateway (PAGE_GATEWAY_URL), or the dev mailbox when neither is configured (channels-for.ts).
 */
export interface PhoneProvider {
  send(page: PhonePage): Promise<DeliveryResult>;
}

/** A text that is not a page (a verification code): `title` names it in the dev mailbox (`[sms] <title>`). */
export interface PhoneText extends Omit<PhonePage, 'attemptId'> {
  title: string;
}
