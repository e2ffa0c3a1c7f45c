import { Body, Controller, Get, Inject, NotFoundException, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  FeatureFlagsResponse,
  OrganizationRolesResponse,
  OrganizationSettings,
  QuotaEntitlementResponse,
} from '@tocsin/contracts';
import {
  FEATURE_FLAGS,
  PERMISSION_DEFINITIONS,
  permissionsOf,
  ROLES,
  type FeatureFlag,
  type Tier,
} from '@tocsin/domain';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { organizationFeatureFlagsView, organizationsView, type OrganizationDoc } from '@tocsin/read-models';
import { RequirePermission, SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';
import { featureFlagsOf } from './organization-feature-flags';
import { EntitlementQueryDto, FeatureFlagDto, RenameOrganizationDto } from './organization-admin.dto';
import { quotaEntitlementOf } from './quota-entitlements';

/** The organization itself: its name, its feature flags, its roles and what its tier entitles it to. */
@ApiTags('organization administration')
@Controller('api/v1')
export class OrganizationController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly commands: Commands,
  ) {}

  private async organization(orgId: string): Promise<OrganizationDoc> {
    const doc = await organizationsView.byId(this.readStore, orgId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Organization not found' });
    return doc;
  }

  @Get('organization')
  @RequirePermission('read_organization_settings')
  async show(@Ctx() context: RequestContext): Promise<{ data: OrganizationSettings }> {
    return { data: present(await this.organization(context.orgId)) };
  }

  @Patch('organization')
  @RequirePermission('manage_organization_settings')
  async rename(
    @Body() body: RenameOrganizationDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OrganizationSettings }> {
    await this.commands.run(
      organizationCommand({ type: 'RenameOrganization', organizationId: context.orgId, name: body.name }, context),
      organizationsView.name,
    );
    return { data: present(await this.organization(context.orgId)) };
  }

  @Get('organization/feature_flags')
  @SignedIn()
  async flags(@Ctx() context: RequestContext): Promise<FeatureFlagsResponse> {
    return { data: await featureFlagsOf(this.readStore, context.orgId) };
  }

  @Put('organization/feature_flags/:flag')
  @RequirePermission('manage_organization_settings')
  async setFlag(
    @Param('flag') flag: string,
    @Body() body: FeatureFlagDto,
    @Ctx() context: RequestContext,
  ): Promise<FeatureFlagsResponse> {
    if (!(FEATURE_FLAGS as readonly string[]).includes(flag))
      throw new NotFoundException({ error: 'not_found', message: 'Feature flag not found' });
    const command = {
      type: 'SetFeatureFlag',
      organizationId: context.orgId,
      flag: flag as FeatureFlag,
      enabled: body.enabled,
    } as const;
    await this.commands.run(organizationCommand(command, context), organizationFeatureFlagsView.name);
    return this.flags(context);
  }

  @Get('organization_roles')
  @RequirePermission('read_roles')
  roles(): OrganizationRolesResponse {
    return {
      data: {
        roles: ROLES.map((role) => ({ role, permissions: permissionsOf(role) })),
        permission_definitions: PERMISSION_DEFINITIONS,
      },
    };
  }

  /** SPEC.md section 7: GET entitlements with type quota and a name. */
  @Get('entitlements')
  @SignedIn()
  async entitlement(
    @Query() query: EntitlementQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<QuotaEntitlementResponse> {
    return { data: await quotaEntitlementOf(this.readStore, context.orgId, query.name) };
  }
}

function present(doc: OrganizationDoc): OrganizationSettings {
  return { id: doc._id, name: doc.name, tier: doc.tier as Tier, created_at: doc.createdAt };
}
