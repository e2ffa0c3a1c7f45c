import { DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DecideCommandHandler } from '../commands/command.handler';
import { Commands } from '../commands/commands';
import { RateLimiter } from '../sessions/rate-limiter';
import { SESSION_STORE, SessionRegistry, sessionStoreFor } from '../sessions/session-registry';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { SessionSocketAuthenticator, SOCKET_AUTHENTICATOR } from '../realtime/socket-auth';
import { LiveRooms } from '../realtime/live-rooms';
import { RoomKinds } from '../realtime/room-kinds';
import { ProcessManager } from '../process/process-manager';
import {
  CLOCK,
  CONFIG,
  EVENT_STORE,
  HOSTED_PROJECTOR,
  JOB_QUEUE,
  LOGGER,
  METRICS,
  READ_STORE,
  REDIS,
  VIEW_CHANGES,
} from '../runtime/ports';
import type { Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import { PublicUrl } from '../shared/public-url';
import { channelsProviders } from '../runtime/channels.provider';

/** The runtime's parts, each a provider of its own: the one place that sees the runtime whole. */
function portsOf(runtime: Runtime): Provider[] {
  return [
    { provide: CONFIG, useValue: runtime.config },
    { provide: CLOCK, useValue: runtime.clock },
    { provide: LOGGER, useValue: runtime.logger },
    { provide: EVENT_STORE, useValue: runtime.infra.eventStore },
    { provide: READ_STORE, useValue: runtime.infra.readStore },
    { provide: JOB_QUEUE, useValue: runtime.infra.jobs },
    { provide: REDIS, useValue: runtime.infra.redis },
    { provide: HOSTED_PROJECTOR, useValue: runtime.runner },
    { provide: VIEW_CHANGES, useValue: runtime.viewChanges },
    { provide: METRICS, useValue: runtime.metrics },
  ];
}

/** What every area may inject: the ports, the command path, read-your-writes, sockets, processes, sessions. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const providers: Provider[] = [
      ...portsOf(runtime),
      { provide: SOCKET_AUTHENTICATOR, useClass: SessionSocketAuthenticator },
      ProjectionProgress,
      DecideCommandHandler,
      Commands,
      RealtimeGateway,
      // live rooms of a resource: areas register their kinds in RoomKinds
      RoomKinds,
      LiveRooms,
      ProcessManager,
      { provide: SESSION_STORE, useFactory: sessionStoreFor, inject: [CLOCK, REDIS, READ_STORE, ProjectionProgress] },
      SessionRegistry,
      PublicUrl,
      RateLimiter,
      // pages, account mail and verification codes: one way out (libs/platform/src/channels)
      ...channelsProviders,
    ];
    return {
      module: CoreModule,
      imports: [CqrsModule.forRoot()],
      providers,
      exports: [...providers, CqrsModule],
    };
  }
}
