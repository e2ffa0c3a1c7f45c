import { Body, Controller, Delete, Get, HttpCode, Inject, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SsoSettings, SsoSettingsResponse } from '@tocsin/contracts';
import { decideSso, evolveSso, initialSso, normalizeSsoDomains, ssoDomainRecord, ssoStream } from '@tocsin/domain';
import { ssoConfigurationsProjection, type SsoConfigurationDoc } from '@tocsin/projector';
import { RequirePermission } from '../identity/access.decorators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import { Ctx, type RequestContext } from '../shared/request-context';
import { randomBytes } from 'node:crypto';
import { SsoSettingsDto } from './sso.dto';

export const sso = { initial: initialSso, evolve: evolveSso, decide: decideSso };

/** The domains among `domains` that an organization other than `orgId` has proven: nobody else may claim them. */
export async function verifiedElsewhere(runtime: Runtime, orgId: string, domains: string[]): Promise<string[]> {
  const others = await runtime.infra.readStore.find<SsoConfigurationDoc>(ssoConfigurationsProjection.collection, { _id: { $ne: orgId }, verifiedDomains: { $in: domains } });
  return others.flatMap((o) => o.verifiedDomains).filter((d) => domains.includes(d));
}

/** The organization's OpenID Connect single sign-on (owner: manage_organization_settings). */
@ApiTags('single sign-on')
@Controller('api/v1/organization/sso')
export class SsoSettingsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly progress: ProjectionProgress,
  ) {}

  private get deps() {
    return { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
  }

  @Get()
  @RequirePermission('manage_organization_settings')
  async show(@Ctx() context: RequestContext): Promise<SsoSettingsResponse> {
    const doc = await this.runtime.infra.readStore.findOne<SsoConfigurationDoc>(ssoConfigurationsProjection.collection, { _id: context.orgId });
    return { data: doc ? present(doc) : null };
  }

  @Put()
  @RequirePermission('manage_organization_settings')
  async save(@Body() body: SsoSettingsDto, @Ctx() context: RequestContext): Promise<SsoSettingsResponse> {
    const domains = normalizeSsoDomains(body.domains);
    const claimedElsewhere = await verifiedElsewhere(this.runtime, context.orgId, domains);
    // New domains start pending, each with its own unguessable token for the TXT record that proves it.
    const tokens = Object.fromEntries(domains.map((d) => [d, randomBytes(24).toString('base64url')]));
    const command = {
      type: 'ConfigureSso', organizationId: context.orgId, issuer: body.issuer, clientId: body.client_id, clientSecret: body.client_secret ?? null,
      domains, enabled: body.enabled, claimedElsewhere, allowInsecureIssuer: this.runtime.config.NODE_ENV !== 'production', tokens,
    } as const;
    const { position } = await handleCommand(this.deps, ssoStream(context.orgId), sso, command, context);
    await this.progress.waitFor(ssoConfigurationsProjection.name, position);
    return this.show(context);
  }

  /** Turns single sign-on off and forgets the client: its users then need a password reset to sign in. */
  @Delete()
  @RequirePermission('manage_organization_settings')
  @HttpCode(204)
  async remove(@Ctx() context: RequestContext): Promise<void> {
    const { position } = await handleCommand(this.deps, ssoStream(context.orgId), sso, { type: 'DisableSso', organizationId: context.orgId }, context);
    await this.progress.waitFor(ssoConfigurationsProjection.name, position);
  }
}

export function present(doc: SsoConfigurationDoc): SsoSettings {
  const domainStatuses = doc.domainClaims.map((c) => ({
    domain: c.domain, status: c.verifiedBy ? ('verified' as const) : ('pending' as const), verified_by: c.verifiedBy,
    record: c.token ? { type: 'TXT' as const, ...ssoDomainRecord(c.domain, c.token) } : null,
  }));
  return {
    issuer: doc.issuer, client_id: doc.clientId, client_secret_hint: `••••${doc.clientSecret.length >= 12 ? doc.clientSecret.slice(-4) : ''}`, domains: doc.domains,
    domain_statuses: domainStatuses, enabled: doc.enabled, updated_at: doc.updatedAt,
  };
}
