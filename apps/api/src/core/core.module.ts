import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountCommands } from '../identity/account-commands';
import { RateLimiter } from '../identity/rate-limiter';
import { SESSION_STORE, SessionRegistry, sessionStoreFor } from '../identity/session-registry';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { SessionSocketAuthenticator, SOCKET_AUTHENTICATOR } from '../realtime/socket-auth';
import { ProcessManager } from '../process/process-manager';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import { PublicUrl } from '../shared/public-url';

/** What every area may inject: the runtime, the command bus, read-your-writes, sockets, account commands, sessions. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: SOCKET_AUTHENTICATOR, useClass: SessionSocketAuthenticator },
      ProjectionProgress,
      RealtimeGateway,
      AccountCommands,
      ProcessManager,
      { provide: SESSION_STORE, useFactory: sessionStoreFor, inject: [RUNTIME, ProjectionProgress] },
      SessionRegistry,
      PublicUrl,
      RateLimiter,
    ];
    return { module: CoreModule, imports: [CqrsModule.forRoot()], providers, exports: [...providers, CqrsModule] };
  }
}
