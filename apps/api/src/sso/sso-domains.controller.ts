import { Body, Controller, ForbiddenException, HttpCode, Inject, NotFoundException, Param, Post, Req, UnprocessableEntityException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SsoSettingsResponse } from '@tocsin/contracts';
import { normalizeSsoDomains, ssoDomainRecord, ssoRecordMissing, ssoStream, txtProvesToken, type SsoDomainVerifier } from '@tocsin/domain';
import { ssoConfigurationsProjection, type SsoConfigurationDoc } from '@tocsin/projector';
import type { Request } from 'express';
import { RequirePermission } from '../identity/access.decorators';
import { assertOperator } from '../organization-admin/operators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import { Ctx, type RequestContext } from '../shared/request-context';
import { SsoDomainVerifyDto } from './sso.dto';
import { present, sso, verifiedElsewhere } from './sso-settings.controller';
import { TXT_RESOLVER, type TxtResolver } from './txt-resolver';

const OPERATOR_ONLY = 'Only a Tocsin operator in a staff session can verify a domain without DNS. Publish the TXT record and verify, or ask Tocsin support.';

/**
 * Proving an email domain before single sign-on may claim its people: the owner publishes the TXT record
 * and asks for the check; an operator, in a staff session, may vouch for it instead.
 */
@ApiTags('single sign-on')
@Controller('api/v1/organization/sso/domains')
export class SsoDomainsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(TXT_RESOLVER) private readonly resolver: TxtResolver,
    private readonly progress: ProjectionProgress,
  ) {}

  @Post(':domain/verify')
  @RequirePermission('manage_organization_settings')
  @HttpCode(200)
  async verify(@Param('domain') raw: string, @Body() body: SsoDomainVerifyDto, @Req() request: Request, @Ctx() context: RequestContext): Promise<SsoSettingsResponse> {
    const by: SsoDomainVerifier = body.by ?? 'dns';
    if (by === 'operator') {
      if (!request.identity?.staff) throw new ForbiddenException({ error: 'forbidden', message: OPERATOR_ONLY });
      await assertOperator(this.runtime, request.identity.userId, OPERATOR_ONLY);
    }
    const domain = normalizeSsoDomains([raw])[0] ?? '';
    const store = this.runtime.infra.readStore;
    const doc = await store.findOne<SsoConfigurationDoc>(ssoConfigurationsProjection.collection, { _id: context.orgId });
    const claim = doc?.domainClaims.find((c) => c.domain === domain);
    if (!doc || !claim) throw new NotFoundException({ error: 'not_found', message: `${domain || raw} is not one of this organization's single sign-on domains. Add it to the domains first.` });
    const claimedElsewhere = (await verifiedElsewhere(this.runtime, context.orgId, [domain])).length > 0;
    const publishedToken = by === 'dns' && claim.token && !claim.verifiedBy && !claimedElsewhere ? await this.publishedToken(domain, claim.token) : null;
    const command = { type: 'VerifySsoDomain', organizationId: context.orgId, domain, by, publishedToken, claimedElsewhere } as const;
    const { position } = await handleCommand({ eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock }, ssoStream(context.orgId), sso, command, context);
    await this.progress.waitFor(ssoConfigurationsProjection.name, position);
    const saved = await store.findOne<SsoConfigurationDoc>(ssoConfigurationsProjection.collection, { _id: context.orgId });
    return { data: saved ? present(saved) : null };
  }

  /** The token when the TXT record holds it; otherwise a 422 saying which record to publish. */
  private async publishedToken(domain: string, token: string): Promise<string> {
    const { name } = ssoDomainRecord(domain, token);
    let records: string[][];
    try {
      records = await this.resolver.resolveTxt(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'no answer';
      this.runtime.logger.warn({ err: error, name }, 'domain verification lookup failed');
      throw new UnprocessableEntityException({ error: 'dns_lookup_failed', message: `The DNS lookup of ${name} failed (${code}). Check the record with your DNS provider and try again in a few minutes.` });
    }
    if (!txtProvesToken(records, token)) throw new UnprocessableEntityException({ error: 'dns_record_not_found', message: ssoRecordMissing(domain, token) });
    return token;
  }
}
