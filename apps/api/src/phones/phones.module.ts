import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MAILER, type Mailer } from '../mail/mailer';
import { CONFIG, LOGGER, type AppConfig, type Logger } from '../runtime/ports';
import { AlternativeEmailsController } from './alternative-emails.controller';
import { AlternativeEmailsService } from './alternative-emails.service';
import { DevSmsProvider } from './dev-sms-provider';
import { PhonesController } from './phones.controller';
import { PhonesService } from './phones.service';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider';
import { TwilioSmsProvider } from './twilio-sms-provider';

function smsProviderFor(config: AppConfig, logger: Logger, mailer: Mailer): SmsProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL, NODE_ENV } = config;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM) {
    return new TwilioSmsProvider({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      from: TWILIO_FROM,
      apiUrl: TWILIO_API_URL,
    });
  }
  return new DevSmsProvider(mailer, logger, NODE_ENV === 'production');
}

/** A person's phones and alternative emails: the destinations their notifications can use. */
@Module({
  imports: [MailModule],
  controllers: [PhonesController, AlternativeEmailsController],
  providers: [
    PhonesService,
    AlternativeEmailsService,
    { provide: SMS_PROVIDER, useFactory: smsProviderFor, inject: [CONFIG, LOGGER, MAILER] },
  ],
})
export class PhonesModule {}
