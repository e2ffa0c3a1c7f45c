import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  WebhookDeliveriesResponse,
  WebhookEventsResponse,
  WebhookTargetsResponse,
  WebhookTargetWithSecret,
} from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, permissionDisplayName } from '@tocsin/domain';
import type { Request } from 'express';
import { Public, RequirePermission } from '../../access/access.decorators';
import { TEAM_KEY_REFUSED } from '../../access/access.guard';
import { deterministicId } from '../../shared/event-sourced';
import { AnswerShowsSecret } from '../../shared/idempotency/idempotency.interceptor';
import { NoBodyDto } from '../../shared/no-body.dto';
import { PageQueryDto } from '../../shared/page-query.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { newSigningSecret } from '../event-sources/ingest-token';
import { SecretBox } from '../event-sources/secret-box';
import { WebhookRedelivery } from './webhook-redelivery';
import {
  ChangeWebhookTargetDto,
  CreateWebhookTargetDto,
  WEBHOOK_EVENTS_PAGE_MAX,
  WebhookEventsQueryDto,
} from './webhook-targets.dto';
import { WebhookTargetsService } from './webhook-targets.service';
import { WebhookTargetSecrets } from './webhook-target-secrets';
import { heldPermissions } from '../../access/held-permissions';

type One = { data: WebhookTargetWithSecret };
const hintOf = (secret: string) => secret.slice(-4);

/**
 * Webhook targets (`/signals/webhook_targets`): read with read_webhook_targets, changed with
 * manage_webhook_targets (members and owners). The secret is shown in the answers of creation and rotation only.
 */
@ApiTags('signals')
@Controller('api/v1/signals/webhook_targets')
export class WebhookTargetsController {
  constructor(
    private readonly targets: WebhookTargetsService,
    private readonly box: SecretBox,
    private readonly secrets: WebhookTargetSecrets,
    private readonly redelivery: WebhookRedelivery,
  ) {}

  @Get()
  @RequirePermission('read_webhook_targets')
  list(@Query() query: PageQueryDto, @Ctx() context: RequestContext): Promise<WebhookTargetsResponse> {
    return this.targets.list(context.orgId, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE);
  }

  @Get(':id')
  @RequirePermission('read_webhook_targets')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    return { data: await this.targets.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_webhook_targets')
  @AnswerShowsSecret()
  async create(@Body() body: CreateWebhookTargetDto, @Ctx() context: RequestContext): Promise<One> {
    const targetId = deterministicId(`${context.commandId}/webhook-target`);
    const secret = newSigningSecret();
    await this.targets.run(
      {
        type: 'CreateWebhookTarget',
        targetId,
        name: body.name,
        url: body.url,
        eventTypes: body.event_types,
        teamIds: body.team_ids ?? [],
        secret: this.box.seal(secret),
        secretHint: hintOf(secret),
        ...(await this.targets.checks(context.orgId, body)),
      },
      context,
    );
    return { data: await this.targets.find(context.orgId, targetId, secret) };
  }

  @Patch(':id')
  @RequirePermission('manage_webhook_targets')
  async change(
    @Param('id') id: string,
    @Body() body: ChangeWebhookTargetDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    await this.targets.run(
      {
        type: 'ChangeWebhookTarget',
        targetId: id,
        name: body.name,
        url: body.url,
        eventTypes: body.event_types,
        teamIds: body.team_ids,
        ...(await this.targets.checks(context.orgId, body)),
      },
      context,
    );
    return { data: await this.targets.find(context.orgId, id) };
  }

  /** A new secret, shown in this answer only; the previous one keeps signing each delivery until DELETE. */
  @Post(':id/secret_rotation')
  @RequirePermission('manage_webhook_targets')
  @AnswerShowsSecret()
  async rotate(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    const current = await this.targets.doc(context.orgId, id);
    const secret = newSigningSecret();
    await this.targets.run(
      {
        type: 'RotateWebhookTargetSecret',
        targetId: id,
        secret: this.box.seal(secret),
        secretHint: hintOf(secret),
        previousSecret: current.secret,
      },
      context,
    );
    return { data: await this.targets.find(context.orgId, id, secret) };
  }

  /** The receiver uses the new secret: the previous one stops signing. */
  @Delete(':id/secret_rotation')
  @RequirePermission('manage_webhook_targets')
  async finishRotation(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    await this.targets.run({ type: 'FinishWebhookTargetRotation', targetId: id }, context);
    return { data: await this.targets.find(context.orgId, id) };
  }

  /** A paused target is sent events again (from the next one; the events endpoint gives what it missed). */
  @Post(':id/resume')
  @RequirePermission('manage_webhook_targets')
  async resume(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    await this.targets.run({ type: 'ResumeWebhookTarget', targetId: id, at: this.redelivery.now() }, context);
    return { data: await this.targets.find(context.orgId, id) };
  }

  @Delete(':id')
  @RequirePermission('manage_webhook_targets')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.targets.run({ type: 'DeleteWebhookTarget', targetId: id }, context);
  }

  @Get(':id/deliveries')
  @RequirePermission('read_webhook_targets')
  deliveries(
    @Param('id') id: string,
    @Query() query: PageQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<WebhookDeliveriesResponse> {
    return this.targets.deliveries(context.orgId, id, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE);
  }

  /** A new try of an event the target was sent, under the same event id (a new round of the delivery). */
  @Post(':id/deliveries/:eventId/redeliver')
  @RequirePermission('manage_webhook_targets')
  @HttpCode(202)
  async redeliver(
    @Param('id') id: string,
    @Param('eventId') eventId: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: { event_id: string; round: number } }> {
    const target = await this.targets.doc(context.orgId, id);
    return { data: await this.redelivery.request(target, eventId, context) };
  }

  /**
   * Every event the target is sent after `after`, in log order, for a receiver catching up (after a pause, a
   * restart): answered to the target's own secret (`Authorization: Bearer <secret>`, the previous one too during
   * a rotation) or to a session with read_webhook_targets.
   */
  @Get(':id/events')
  @Public()
  async events(
    @Param('id') id: string,
    @Query() query: WebhookEventsQueryDto,
    @Req() request: Request,
  ): Promise<WebhookEventsResponse> {
    const target = request.identity
      ? await this.sessionTarget(request, id)
      : await this.secrets.targetOfBearer(id, request.headers.authorization);
    if (!target) {
      throw new UnauthorizedException({
        error: 'unauthorized',
        message: "Sign in, or send the target's secret as Authorization: Bearer <secret>",
      });
    }
    return this.targets.eventsAfter(target, Number(query.after ?? 0), query.limit ?? WEBHOOK_EVENTS_PAGE_MAX);
  }

  private async sessionTarget(request: Request, id: string) {
    const identity = request.identity!;
    // a public route, so the guard's key checks did not run: a target's events span teams, as its other routes do
    if (identity.apiKey && identity.apiKey.teamId !== null) throw new ForbiddenException(TEAM_KEY_REFUSED);
    if (!heldPermissions({ role: identity.role, scopes: identity.apiKey?.scopes }).includes('read_webhook_targets')) {
      throw new ForbiddenException({
        error: 'forbidden',
        permission: 'read_webhook_targets',
        message: `The permission '${permissionDisplayName('read_webhook_targets')}' is required to perform this action on the organization. Contact your organization administrator for support.`,
      });
    }
    return this.targets.doc(identity.orgId, id);
  }
}
