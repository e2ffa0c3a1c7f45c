import { Module } from '@nestjs/common';
import { ApiKeyIdentities } from './api-key-identities';
import { ApiKeyUses } from './api-key-uses';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** API keys (issue 22): their API, and the bearer middleware that turns a key into an identity (bootstrap uses it). */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeyUses, ApiKeyIdentities],
  exports: [ApiKeyIdentities],
})
export class ApiKeysModule {}
