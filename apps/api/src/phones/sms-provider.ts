import type { PhoneVerificationMethod } from '@tocsin/domain';

/** A text for one phone: sent as SMS or WhatsApp, or read out by a voice call (`spoken`). */
export interface PhoneMessage {
  /** E.164. */
  to: string;
  method: PhoneVerificationMethod;
  text: string;
  /** What a voice call says; calls read the code digit by digit. */
  spoken: string;
}

/**
 * The phone delivery port: Twilio (or a compatible API) when TWILIO_* are set, otherwise the dev
 * outbox, which logs and keeps the message in the dev mailbox (phones.module.ts). A refused delivery
 * throws `PhoneDeliveryError` with the provider's reason.
 */
export interface SmsProvider {
  deliver(message: PhoneMessage): Promise<void>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

export class PhoneDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(`The message could not be sent: ${reason}`);
    this.name = 'PhoneDeliveryError';
  }
}
