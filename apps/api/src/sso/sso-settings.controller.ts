import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SsoSettings, SsoSettingsResponse } from '@tocsin/contracts';
import { normalizeSsoDomains, ssoDomainRecord, type SsoDomainVerifier } from '@tocsin/domain';
import { ssoConfigurationsView, type SsoConfigurationDoc } from '@tocsin/read-models';
import type { Request } from 'express';
import { ssoCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { RequirePermission } from '../access/access.decorators';
import { assertOperator } from '../organization-admin/operators';
import { CONFIG, LOGGER, READ_STORE, type AppConfig, type Logger, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';
import { randomBytes } from 'node:crypto';
import { SsoDomainVerifyDto, SsoSettingsDto } from './sso.dto';
import { publishedToken } from './sso-domain-proof';
import { TXT_RESOLVER, type TxtResolver } from './txt-resolver';

const OPERATOR_ONLY =
  'Only a Tocsin operator in a staff session can verify a domain without DNS. Publish the TXT record and verify, or ask Tocsin support.';

/** The domains among `domains` that an organization other than `orgId` has proven: nobody else may claim them. */
export async function verifiedElsewhere(readStore: ReadStore, orgId: string, domains: string[]): Promise<string[]> {
  const others = await ssoConfigurationsView.othersVerifying(readStore, orgId, domains);
  return others.flatMap((o) => o.verifiedDomains).filter((d) => domains.includes(d));
}

/** The organization's OpenID Connect single sign-on (owner: manage_organization_settings). */
@ApiTags('single sign-on')
@Controller('api/v1/organization/sso')
export class SsoSettingsController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TXT_RESOLVER) private readonly resolver: TxtResolver,
    private readonly commands: Commands,
  ) {}

  private configuration(orgId: string): Promise<SsoConfigurationDoc | null> {
    return ssoConfigurationsView.of(this.readStore, orgId);
  }

  @Get()
  @RequirePermission('manage_organization_settings')
  async show(@Ctx() context: RequestContext): Promise<SsoSettingsResponse> {
    const doc = await this.configuration(context.orgId);
    return { data: doc ? present(doc) : null };
  }

  @Put()
  @RequirePermission('manage_organization_settings')
  async save(@Body() body: SsoSettingsDto, @Ctx() context: RequestContext): Promise<SsoSettingsResponse> {
    const domains = normalizeSsoDomains(body.domains);
    const claimedElsewhere = await verifiedElsewhere(this.readStore, context.orgId, domains);
    // New domains start pending, each with its own unguessable token for the TXT record that proves it.
    const tokens = Object.fromEntries(domains.map((d) => [d, randomBytes(24).toString('base64url')]));
    const command = {
      type: 'ConfigureSso',
      organizationId: context.orgId,
      issuer: body.issuer,
      clientId: body.client_id,
      clientSecret: body.client_secret ?? null,
      domains,
      enabled: body.enabled,
      claimedElsewhere,
      allowInsecureIssuer: this.config.NODE_ENV !== 'production',
      tokens,
    } as const;
    await this.commands.run(ssoCommand(command, context), ssoConfigurationsView.name);
    return this.show(context);
  }

  /**
   * Proves an email domain before single sign-on may claim its people: the owner publishes the TXT record
   * and asks for the check; an operator, in a staff session, may vouch for it instead.
   */
  @Post('domains/:domain/verify')
  @RequirePermission('manage_organization_settings')
  @HttpCode(200)
  async verify(
    @Param('domain') raw: string,
    @Body() body: SsoDomainVerifyDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<SsoSettingsResponse> {
    const by: SsoDomainVerifier = body.by ?? 'dns';
    if (by === 'operator') {
      if (!request.identity?.staff) throw new ForbiddenException({ error: 'forbidden', message: OPERATOR_ONLY });
      await assertOperator(this.readStore, this.config, request.identity.userId, OPERATOR_ONLY);
    }
    const domain = normalizeSsoDomains([raw])[0] ?? '';
    const claim = (await this.configuration(context.orgId))?.domainClaims.find((c) => c.domain === domain);
    if (!claim)
      throw new NotFoundException({
        error: 'not_found',
        message: `${domain || raw} is not one of this organization's single sign-on domains. Add it to the domains first.`,
      });
    const claimedElsewhere = (await verifiedElsewhere(this.readStore, context.orgId, [domain])).length > 0;
    const token =
      by === 'dns' && claim.token && !claim.verifiedBy && !claimedElsewhere
        ? await publishedToken(this.resolver, this.logger, domain, claim.token)
        : null;
    const command = {
      type: 'VerifySsoDomain',
      organizationId: context.orgId,
      domain,
      by,
      publishedToken: token,
      claimedElsewhere,
    } as const;
    await this.commands.run(ssoCommand(command, context), ssoConfigurationsView.name);
    return this.show(context);
  }

  /** Turns single sign-on off and forgets the client: its users then need a password reset to sign in. */
  @Delete()
  @RequirePermission('manage_organization_settings')
  @HttpCode(204)
  async remove(@Ctx() context: RequestContext): Promise<void> {
    await this.commands.run(
      ssoCommand({ type: 'DisableSso', organizationId: context.orgId }, context),
      ssoConfigurationsView.name,
    );
  }
}

export function present(doc: SsoConfigurationDoc): SsoSettings {
  const domainStatuses = doc.domainClaims.map((c) => ({
    domain: c.domain,
    status: c.verifiedBy ? ('verified' as const) : ('pending' as const),
    verified_by: c.verifiedBy,
    record: c.token ? { type: 'TXT' as const, ...ssoDomainRecord(c.domain, c.token) } : null,
  }));
  return {
    issuer: doc.issuer,
    client_id: doc.clientId,
    client_secret_hint: `••••${doc.clientSecret.length >= 12 ? doc.clientSecret.slice(-4) : ''}`,
    domains: doc.domains,
    domain_statuses: domainStatuses,
    enabled: doc.enabled,
    updated_at: doc.updatedAt,
  };
}
