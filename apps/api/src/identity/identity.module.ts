import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailModule } from '../mail/mail.module';
import { AccessGuard } from './access.guard';
import { RegistrationService } from './registration.service';
import { KnownDevices } from './known-devices';
import { SessionService } from './session.service';
import { SessionsController } from './sessions.controller';
import { SignUpProcess } from './sign-up.process';

@Module({
  imports: [MailModule],
  controllers: [SessionsController],
  providers: [SessionService, RegistrationService, KnownDevices, SignUpProcess, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionService],
})
export class IdentityModule {}
