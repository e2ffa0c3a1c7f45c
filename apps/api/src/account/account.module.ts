import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccountController } from './account.controller';
import { AvatarsController } from './avatars.controller';
import { CalendarController } from './calendar.controller';
import { EmailChangeProcess } from './email-change.process';
import { EmailChangeService } from './email-change.service';
import { PasswordChangeProcess } from './password-change.process';
import { PasswordResetsController } from './password-resets.controller';
import { PasswordService } from './password.service';
import { ProfileService } from './profile.service';

/** The signed-in user's own account: profile (name, email through a confirmation link), avatar, password (and its reset), default organization, calendar feed, linked accounts. */
@Module({
  imports: [MailModule],
  controllers: [AccountController, AvatarsController, CalendarController, PasswordResetsController],
  providers: [PasswordService, ProfileService, EmailChangeService, EmailChangeProcess, PasswordChangeProcess],
})
export class AccountModule {}
