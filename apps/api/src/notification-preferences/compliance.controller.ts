import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { complianceOf } from '@tocsin/domain';
import {
  compliancePolicyDocId,
  complianceSettingsDocId,
  notificationComplianceProjection as view,
  type CompliancePolicyDoc,
  type ComplianceSettingsDoc,
} from '@tocsin/projector';
import { SignedIn } from '../identity/access.decorators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { Ctx, type RequestContext } from '../shared/request-context';

/** GET signals_notification_settings/compliance: the caller's settings against the organization's policy. */
@ApiTags('notification preferences')
@Controller('api/v1/signals_notification_settings/compliance')
export class ComplianceController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @SignedIn()
  async show(@Ctx() context: RequestContext) {
    const store = this.runtime.infra.readStore;
    const [policy, mine] = await Promise.all([
      store.findOne<CompliancePolicyDoc>(view.collection, { _id: compliancePolicyDocId(context.orgId), orgId: context.orgId }),
      store.findOne<ComplianceSettingsDoc>(view.collection, { _id: complianceSettingsDocId(context.orgId, context.actorId ?? ''), orgId: context.orgId }),
    ]);
    return { data: complianceOf(policy?.items ?? [], mine?.settings ?? []) };
  }
}
