import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { CONFIG, type AppConfig } from '../runtime/ports';
import { SsoSettingsController } from './sso-settings.controller';
import { SsoSignInController } from './sso-sign-in.controller';
import { SsoSignInService } from './sso-sign-in.service';
import { DnsTxtResolver, TXT_RESOLVER } from './txt-resolver';
import { SsoProvisioningProcess } from './sso-provisioning.process';

/** OpenID Connect single sign-on: the organization's settings and the sign-in through its provider. */
@Module({
  imports: [SessionsModule],
  controllers: [SsoSettingsController, SsoSignInController],
  providers: [
    SsoSignInService,
    SsoProvisioningProcess,
    {
      provide: TXT_RESOLVER,
      inject: [CONFIG],
      useFactory: (config: AppConfig) => new DnsTxtResolver(config.DNS_SERVERS),
    },
  ],
})
export class SsoModule {}
