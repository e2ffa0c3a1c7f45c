import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { RegistrationService } from './registration.service';
import { RegistrationsController } from './registrations.controller';
import { SignUpProcess } from './sign-up.process';

/** Sign-up: the emailed link, its completion, and the sign-up process that makes the account. */
@Module({
  imports: [MailModule, SessionsModule],
  controllers: [RegistrationsController],
  providers: [RegistrationService, SignUpProcess],
})
export class RegistrationModule {}
