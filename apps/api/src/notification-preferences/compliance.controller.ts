import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ComplianceResponse } from '@tocsin/contracts';
import { complianceFor } from '@tocsin/domain';
import { notificationComplianceView as view } from '@tocsin/read-models';
import { SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';

/**
 * GET signals_notification_settings/compliance: the caller's settings against the organization's policy, which
 * covers members and owners only (libs/domain coverage.ts): a viewer or collaborator has nothing to meet.
 */
@ApiTags('notification preferences')
@Controller('api/v1/signals_notification_settings/compliance')
export class ComplianceController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get()
  @SignedIn()
  async show(@Ctx() context: RequestContext): Promise<ComplianceResponse> {
    const store = this.readStore;
    const [policy, mine] = await Promise.all([
      view.policyOf(store, context.orgId),
      view.settingsOf(store, context.orgId, context.actorId ?? ''),
    ]);
    return { data: complianceFor(context.role, policy?.items ?? [], mine?.settings ?? []) };
  }
}
