import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { SessionService } from './session.service';
import { SessionsController } from './sessions.controller';

@Module({
  controllers: [SessionsController],
  providers: [SessionService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionService],
})
export class IdentityModule {}
