import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { SsoSettingsController } from './sso-settings.controller';
import { SsoSignInController } from './sso-sign-in.controller';
import { SsoSignInService } from './sso-sign-in.service';
import { DnsTxtResolver, TXT_RESOLVER } from './txt-resolver';
import { SsoProvisioningProcess } from './sso-provisioning.process';

/** OpenID Connect single sign-on: the organization's settings and the sign-in through its provider. */
@Module({
  imports: [IdentityModule],
  controllers: [SsoSettingsController, SsoSignInController],
  providers: [SsoSignInService, SsoProvisioningProcess, { provide: TXT_RESOLVER, inject: [RUNTIME], useFactory: (runtime: Runtime) => new DnsTxtResolver(runtime.config.DNS_SERVERS) }],
})
export class SsoModule {}
