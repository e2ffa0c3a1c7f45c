import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DestinationOption } from '@tocsin/contracts';
import { SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';
import { availableDestinations } from './destinations';

/** GET signals/destinations (SPEC.md section 7): where the caller can be notified. */
@ApiTags('notification preferences')
@Controller('api/v1/signals/destinations')
export class DestinationsController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext): Promise<{ data: DestinationOption[] }> {
    return { data: await availableDestinations(this.readStore, context.actorId ?? '') };
  }
}
