import { Module } from '@nestjs/common';
import { CHANNELS } from '../runtime/ports';
import { DevMailboxController } from './dev-mailbox.controller';
import { MAILER, mailerOver } from './mailer';

/** The mail port for the areas that send mail; import it where mail is sent. */
@Module({
  controllers: [DevMailboxController],
  providers: [{ provide: MAILER, useFactory: mailerOver, inject: [CHANNELS] }],
  exports: [MAILER],
})
export class MailModule {}
