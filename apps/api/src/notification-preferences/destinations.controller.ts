import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../identity/access.decorators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { Ctx, type RequestContext } from '../shared/request-context';
import { availableDestinations } from './destinations';

/** GET signals/destinations (SPEC.md section 7): where the caller can be notified. */
@ApiTags('notification preferences')
@Controller('api/v1/signals/destinations')
export class DestinationsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext) {
    return { data: await availableDestinations(this.runtime.infra.readStore, context.actorId ?? '') };
  }
}
