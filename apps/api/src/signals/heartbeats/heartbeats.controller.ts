import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HeartbeatsResponse, HeartbeatWithSecrets } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, durationMinutes } from '@tocsin/domain';
import type { Request } from 'express';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { AnswerShowsSecret } from '../../shared/idempotency/idempotency.interceptor';
import { deterministicId } from '../../shared/event-sourced';
import { NoBodyDto } from '../../shared/no-body.dto';
import { PageQueryDto } from '../../shared/page-query.dto';
import { CLOCK, type Clock } from '../../runtime/ports';
import { PublicUrl } from '../../shared/public-url';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { issueIngestToken } from '../event-sources/ingest-token';
import { heartbeatTeams } from './heartbeat-teams';
import { ChangeHeartbeatDto, CreateHeartbeatDto } from './heartbeats.dto';
import { HeartbeatsService } from './heartbeats.service';

type One = { data: HeartbeatWithSecrets };

/** Minutes of a duration the DTO has checked (whole minutes), or undefined when it was left out. */
const minutesOf = (text: string | undefined) => (text === undefined ? undefined : (durationMinutes(text) ?? undefined));

/**
 * Heartbeats (`/signals/sources`, issue 20): managed like event sources (`read_event_sources` to see,
 * `manage_event_sources` to change, a signals resource of its default team). The ping token is shown only in the
 * answers of creation and rotation. Checks are queued by the process manager that follows the log.
 */
@ApiTags('signals')
@Controller('api/v1/signals/heartbeats')
export class HeartbeatsController {
  constructor(
    private readonly heartbeats: HeartbeatsService,
    private readonly publicUrl: PublicUrl,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @RequirePermission('read_event_sources')
  list(@Query() query: PageQueryDto, @Ctx() context: RequestContext): Promise<HeartbeatsResponse> {
    return this.heartbeats.list(context.orgId, { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE });
  }

  @Get(':id')
  @RequirePermission('read_event_sources')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    return { data: await this.heartbeats.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: heartbeatTeams })
  @AnswerShowsSecret()
  async create(
    @Body() body: CreateHeartbeatDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    await this.heartbeats.ensureRoom(context.orgId);
    const heartbeatId = deterministicId(`${context.commandId}/heartbeat`);
    const { token, ...kept } = issueIngestToken();
    await this.heartbeats.run(
      {
        type: 'CreateHeartbeat',
        heartbeatId,
        name: body.name,
        teamId: body.team_id,
        escalationPolicyId: body.escalation_policy_id ?? null,
        intervalMinutes: minutesOf(body.interval),
        graceMinutes: minutesOf(body.grace_period),
        ...kept,
        at: new Date(this.clock.now()).toISOString(),
        ...(await this.heartbeats.lookups(context.orgId, body)),
      },
      context,
    );
    return {
      data: await this.heartbeats.find(context.orgId, heartbeatId, { token, ping_url: this.pingUrl(request, token) }),
    };
  }

  @Patch(':id')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: heartbeatTeams })
  async change(
    @Param('id') id: string,
    @Body() body: ChangeHeartbeatDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const current = await this.heartbeats.doc(context.orgId, id);
    await this.heartbeats.run(
      {
        type: 'ChangeHeartbeat',
        heartbeatId: id,
        name: body.name,
        teamId: body.team_id,
        escalationPolicyId: body.escalation_policy_id,
        intervalMinutes: minutesOf(body.interval),
        graceMinutes: minutesOf(body.grace_period),
        ...(await this.heartbeats.lookups(context.orgId, body, current)),
      },
      context,
    );
    return { data: await this.heartbeats.find(context.orgId, id) };
  }

  /** A new ping URL; the old one stops working at once. */
  @Post(':id/rotate_token')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: heartbeatTeams })
  @AnswerShowsSecret()
  async rotate(
    @Param('id') id: string,
    @Body() _body: NoBodyDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const { token, ...kept } = issueIngestToken();
    await this.heartbeats.run({ type: 'RotateHeartbeatToken', heartbeatId: id, ...kept }, context);
    return { data: await this.heartbeats.find(context.orgId, id, { token, ping_url: this.pingUrl(request, token) }) };
  }

  @Delete(':id')
  @RequirePermission('manage_event_sources')
  @TeamScoped({ signalsResource: true, teamsOf: heartbeatTeams })
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.heartbeats.run({ type: 'DeleteHeartbeat', heartbeatId: id }, context);
  }

  private pingUrl(request: Request, token: string): string {
    return `${this.publicUrl.of(request)}/heartbeats/${token}`;
  }
}
