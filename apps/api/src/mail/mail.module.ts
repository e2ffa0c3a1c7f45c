import { Module } from '@nestjs/common';
import { CLOCK, CONFIG, LOGGER, type AppConfig, type Clock, type Logger } from '../runtime/ports';
import { DevMailbox } from './dev-mailbox';
import { DevMailboxController } from './dev-mailbox.controller';
import { MAILER, type Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

function mailerFor(config: AppConfig, logger: Logger, clock: Clock): Mailer {
  const { SMTP_URL, MAIL_FROM, NODE_ENV } = config;
  if (SMTP_URL) return new SmtpMailer(SMTP_URL, MAIL_FROM);
  return new DevMailbox(MAIL_FROM, logger, NODE_ENV === 'production', () => clock.now());
}

/** The mail port for the areas that send mail; import it where mail is sent. */
@Module({
  controllers: [DevMailboxController],
  providers: [{ provide: MAILER, useFactory: mailerFor, inject: [CONFIG, LOGGER, CLOCK] }],
  exports: [MAILER],
})
export class MailModule {}
