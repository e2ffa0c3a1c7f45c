import { Module } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { DevMailbox } from './dev-mailbox';
import { DevMailboxController } from './dev-mailbox.controller';
import { MAILER, type Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

function mailerFor(runtime: Runtime): Mailer {
  const { SMTP_URL, MAIL_FROM, NODE_ENV } = runtime.config;
  if (SMTP_URL) return new SmtpMailer(SMTP_URL, MAIL_FROM);
  return new DevMailbox(MAIL_FROM, runtime.logger, NODE_ENV === 'production', () => runtime.clock.now());
}

/** The mail port for the areas that send mail; import it where mail is sent. */
@Module({
  controllers: [DevMailboxController],
  providers: [{ provide: MAILER, useFactory: mailerFor, inject: [RUNTIME] }],
  exports: [MAILER],
})
export class MailModule {}
