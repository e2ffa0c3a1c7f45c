import { failed, type Channel, type PageMessage } from '../channels.port';
import { pageSms, pageSpoken } from '../page-text';
import type { PhoneKind, PhoneProvider } from './phone-provider.port';

const E164 = /^\+[1-9]\d{6,14}$/;

/** SMS, voice or WhatsApp pages, worded here and handed to the configured phone provider. */
export class PhoneChannel implements Channel {
  constructor(
    private readonly kind: PhoneKind,
    private readonly provider: PhoneProvider,
  ) {}

  async send(address: string, message: PageMessage) {
    if (!E164.test(address)) return failed(false, 'refused: the phone number is not in E.164 form (+15551234567)');
    return this.provider.send({
      kind: this.kind,
      to: address,
      text: pageSms(message),
      spoken: pageSpoken(message),
      attemptId: message.attemptId,
    });
  }
}
