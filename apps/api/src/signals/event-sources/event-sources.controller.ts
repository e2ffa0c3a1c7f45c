import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EventSourcesResponse, EventSourceWithSecrets } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, durationMinutes } from '@tocsin/domain';
import type { Request } from 'express';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { AnswerShowsSecret } from '../../shared/idempotency/idempotency.interceptor';
import { deterministicId } from '../../shared/event-sourced';
import { NoBodyDto } from '../../shared/no-body.dto';
import { PublicUrl } from '../../shared/public-url';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { ChangeEventSourceDto, CreateEventSourceDto, EventSourcesQueryDto } from './event-sources.dto';
import { EventSourcesService } from './event-sources.service';
import { ingestUrlOf, issueIngestToken, newSigningSecret } from './ingest-token';
import { SecretBox } from './secret-box';
import { sourceTeams } from './source-teams';

type One = { data: EventSourceWithSecrets };

/**
 * Event sources (`/signals/sources`): the ingest token is shown in full only in the answers of creation and
 * rotation, the signing secret only when made; neither is readable afterwards.
 */
@ApiTags('signals')
@Controller('api/v1/signals/event_sources')
export class EventSourcesController {
  constructor(
    private readonly sources: EventSourcesService,
    private readonly publicUrl: PublicUrl,
    private readonly box: SecretBox,
  ) {}

  @Get()
  @RequirePermission('read_event_sources')
  list(@Query() query: EventSourcesQueryDto, @Ctx() context: RequestContext): Promise<EventSourcesResponse> {
    return this.sources.list(context.orgId, {
      format: query.format,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  @Get(':id')
  @RequirePermission('read_event_sources')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    return { data: await this.sources.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  @AnswerShowsSecret()
  async create(
    @Body() body: CreateEventSourceDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const sourceId = deterministicId(`${context.commandId}/event-source`);
    const { token, ...kept } = issueIngestToken();
    const signingSecret = body.signed ? newSigningSecret() : null;
    await this.sources.run(
      {
        type: 'CreateEventSource',
        sourceId,
        format: body.format,
        name: body.name,
        teamId: body.team_id,
        escalationPolicyId: body.escalation_policy_id ?? null,
        rateLimitPerMinute: body.rate_limit_per_minute,
        autoResolveMinutes: body.auto_resolve_after ? durationMinutes(body.auto_resolve_after) : null,
        ...kept,
        signingSecret: signingSecret && this.box.seal(signingSecret),
        ...(await this.sources.lookups(context.orgId, body)),
      },
      context,
    );
    const ingest_url = ingestUrlOf(this.publicUrl.of(request), token, body.format);
    return {
      data: await this.sources.find(context.orgId, sourceId, {
        token,
        ingest_url,
        ...(signingSecret && { signing_secret: signingSecret }),
      }),
    };
  }

  @Patch(':id')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  async change(
    @Param('id') id: string,
    @Body() body: ChangeEventSourceDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const current = await this.sources.doc(context.orgId, id);
    await this.sources.run(
      {
        type: 'ChangeEventSource',
        sourceId: id,
        name: body.name,
        teamId: body.team_id,
        escalationPolicyId: body.escalation_policy_id,
        rateLimitPerMinute: body.rate_limit_per_minute,
        autoResolveMinutes:
          body.auto_resolve_after === undefined || body.auto_resolve_after === null
            ? body.auto_resolve_after
            : durationMinutes(body.auto_resolve_after),
        ...(await this.sources.lookups(context.orgId, body, current)),
      },
      context,
    );
    return { data: await this.sources.find(context.orgId, id) };
  }

  /** A new ingest URL; the old one stops working at once. */
  @Post(':id/rotate_token')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  @AnswerShowsSecret()
  async rotate(
    @Param('id') id: string,
    @Body() _body: NoBodyDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const { token, ...kept } = issueIngestToken();
    await this.sources.run({ type: 'RotateEventSourceToken', sourceId: id, ...kept }, context);
    const doc = await this.sources.doc(context.orgId, id);
    return {
      data: await this.sources.find(context.orgId, id, {
        token,
        ingest_url: ingestUrlOf(this.publicUrl.of(request), token, doc.format),
      }),
    };
  }

  /** A new signing secret (payloads must then be signed with it), shown in this answer only. */
  @Post(':id/signing_secret')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  @AnswerShowsSecret()
  async sign(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    const signingSecret = newSigningSecret();
    await this.sources.run(
      { type: 'SetEventSourceSigningSecret', sourceId: id, signingSecret: this.box.seal(signingSecret) },
      context,
    );
    return { data: await this.sources.find(context.orgId, id, { signing_secret: signingSecret }) };
  }

  /** Payloads are no longer signed. */
  @Delete(':id/signing_secret')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  async unsign(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    await this.sources.run({ type: 'SetEventSourceSigningSecret', sourceId: id, signingSecret: null }, context);
    return { data: await this.sources.find(context.orgId, id) };
  }

  @Delete(':id')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: sourceTeams })
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.sources.run({ type: 'DeleteEventSource', sourceId: id }, context);
  }
}
