import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from '../access/access.guard';
import { KnownDevices } from './known-devices';
import { SessionService } from './session.service';
import { SessionsController } from './sessions.controller';

/** Sign-in, sign-out, staff-session exit and the signed-in person (/api/v1/me); the access guard on every route. */
@Module({
  controllers: [SessionsController],
  providers: [SessionService, KnownDevices, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionService],
})
export class SessionsModule {}
