import type { Logger } from '@tocsin/platform';
import { DevMailbox } from '../mail/dev-mailbox';
import type { Mailer } from '../mail/mailer';
import type { PhoneMessage, SmsProvider } from './sms-provider';

/**
 * Without Twilio, codes are not sent: outside production they are logged and kept in the dev mailbox
 * (addressed to the number, subject `[sms]`, `[voice]` or `[whats_app]`), so a developer or a test reads
 * them at GET /api/v1/dev/mailbox?to=+1... When mail goes through SMTP there is no mailbox: the log only.
 */
export class DevSmsProvider implements SmsProvider {
  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly production: boolean,
  ) {}

  async deliver(message: PhoneMessage): Promise<void> {
    if (this.production) {
      this.logger.warn(
        { method: message.method },
        'phone message not sent: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set',
      );
      return;
    }
    this.logger.info(
      { to: message.to, method: message.method, text: message.text },
      'phone message not sent (Twilio is not configured)',
    );
    if (this.mailer instanceof DevMailbox) {
      await this.mailer.send({
        to: message.to,
        subject: `[${message.method}] Tocsin verification code`,
        text: message.text,
      });
    }
  }
}
