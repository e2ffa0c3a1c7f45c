import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SsoSettingsController } from './sso-settings.controller';
import { SsoSignInController } from './sso-sign-in.controller';
import { SsoSignInService } from './sso-sign-in.service';

/** OpenID Connect single sign-on: the organization's settings and the sign-in through its provider. */
@Module({
  imports: [IdentityModule],
  controllers: [SsoSettingsController, SsoSignInController],
  providers: [SsoSignInService],
})
export class SsoModule {}
