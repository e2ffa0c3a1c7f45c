import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AlternativeEmailsController } from './alternative-emails.controller';
import { AlternativeEmailsService } from './alternative-emails.service';
import { PhonesController } from './phones.controller';
import { PhonesService } from './phones.service';

/** A person's phones and alternative emails: the destinations their notifications can use. */
@Module({
  imports: [MailModule],
  controllers: [PhonesController, AlternativeEmailsController],
  providers: [PhonesService, AlternativeEmailsService],
})
export class PhonesModule {}
