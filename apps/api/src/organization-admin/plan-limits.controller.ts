import { Body, Controller, Inject, NotFoundException, Param, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { QuotaEntitlementResponse } from '@tocsin/contracts';
import { isQuotaName } from '@tocsin/domain';
import { organizationsView } from '@tocsin/read-models';
import type { Request } from 'express';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { SignedIn } from '../access/access.decorators';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';
import { assertOperator } from './operators';
import { QuotaLimitDto } from './organization-admin.dto';
import { quotaEntitlementOf } from './quota-entitlements';

/**
 * Tocsin operators (ADMIN_EMAILS) give one organization its own limit for a counted entitlement, in place
 * of its tier's (a contract, a trial, a stop), or take it back with null. Recorded in the organization's
 * history under the organization, by the operator.
 */
@ApiTags('organization administration')
@Controller('api/v1/staff/organizations/:organizationId/quotas')
export class PlanLimitsController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly commands: Commands,
  ) {}

  @Put(':name')
  @SignedIn()
  @ApiOperation({
    summary: "Set an organization's limit for runbooks or service_limit (operators only)",
    description:
      "maximum: a whole number, or null for the tier's limit. 403 for anyone not in ADMIN_EMAILS; 404 for an unknown organization or quota.",
  })
  async set(
    @Param('organizationId') organizationId: string,
    @Param('name') name: string,
    @Body() body: QuotaLimitDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<QuotaEntitlementResponse> {
    await assertOperator(
      this.readStore,
      this.config,
      request.identity!.userId,
      'Plan limits are set by Tocsin operators only.',
    );
    if (!isQuotaName(name)) throw new NotFoundException({ error: 'not_found', message: 'Quota not found' });
    await this.commands.run(
      organizationCommand(
        { type: 'SetQuotaLimit', organizationId, quota: name, maximum: body.maximum },
        { ...context, orgId: organizationId },
      ),
      organizationsView.name,
    );
    return { data: await quotaEntitlementOf(this.readStore, organizationId, name) };
  }
}
