import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  AlertPendingNotificationsResponse,
  AlertRespondersResponse,
  AlertTimelineResponse,
} from '@tocsin/contracts';
import { membershipsView } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { requestActor } from '../alerts/alert-actor';
import { AlertPaging } from './alert-paging.service';
import { ChannelReadinessReport } from './channel-readiness';
import { auditPlan } from './paging-audit';
import { PagingPlanner } from './paging.planner';
import { ReassignAlertDto } from './paging.dto';

/**
 * Escalate now, reassign, and the timeline of an alert (issue 9). Acting on an alert is every responder's
 * (act_on_alerts, like acknowledging; a viewer only reads the timeline); the organization is the session's, another one's alert is 404.
 */
@ApiTags('signals')
@Controller('api/v1/signals/alerts')
export class AlertPagingController {
  constructor(
    private readonly alerts: AlertPaging,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly planner: PagingPlanner,
    private readonly readiness: ChannelReadinessReport,
  ) {}

  @Get(':id/timeline')
  @RequirePermission('read_alerts')
  async timeline(@Param('id') id: string, @Ctx() context: RequestContext): Promise<AlertTimelineResponse> {
    return this.alerts.timeline(context, id);
  }

  /** Who the current episode paged, with the time where each of them is. */
  @Get(':id/responders')
  @RequirePermission('read_alerts')
  async responders(@Param('id') id: string, @Ctx() context: RequestContext): Promise<AlertRespondersResponse> {
    return this.alerts.responders(context.orgId, id);
  }

  /**
   * The notifications the alert will still send (scheduled, due time ahead), first due first, read from the alert's
   * own state as the paging engine plans it; each says whether its channel pages somewhere real.
   */
  @Get(':id/pending_notifications')
  @RequirePermission('read_alerts')
  async pending(@Param('id') id: string, @Ctx() context: RequestContext): Promise<AlertPendingNotificationsResponse> {
    const stream = await this.alerts.streamOf(context.orgId, id);
    const plan = await this.planner.plan(stream);
    const { pending } = auditPlan(plan, this.clock.now(), this.config.AUDITOR_GRACE_MS, this.config);
    const people = await this.alerts.people(
      context.orgId,
      pending.map((p) => p.user_id),
    );
    return {
      data: pending
        .sort((a, b) => a.due_at.localeCompare(b.due_at))
        .map((p) => ({
          ...p,
          user_name: people[p.user_id]?.name ?? 'someone no longer here',
          channel_readiness: this.readiness.of(p.channel),
        })),
    };
  }

  /** The next step of the policy pages its people now; the later steps follow from here. */
  @Post(':id/escalate')
  @HttpCode(200)
  @RequirePermission('act_on_alerts')
  async escalate(@Param('id') id: string, @Ctx() context: RequestContext): Promise<AlertTimelineResponse> {
    const stream = await this.alerts.streamOf(context.orgId, id);
    const by = requestActor(context);
    await this.alerts.run(
      stream,
      { type: 'EscalateAlert', alertId: id, orgId: context.orgId, by, at: this.now() },
      context,
    );
    return this.alerts.timeline(context, id);
  }

  /** One member takes the alert: the policy's steps stop, they are paged by their own settings. */
  @Post(':id/reassign')
  @HttpCode(200)
  @RequirePermission('act_on_alerts')
  async reassign(
    @Param('id') id: string,
    @Body() body: ReassignAlertDto,
    @Ctx() context: RequestContext,
  ): Promise<AlertTimelineResponse> {
    const stream = await this.alerts.streamOf(context.orgId, id);
    if (!(await membershipsView.of(this.readStore, context.orgId, body.user_id)))
      throw new NotFoundException({
        error: 'not_found',
        message: 'No such member in this organization',
        fields: { user_id: ['No such member in this organization'] },
      });
    const by = requestActor(context);
    const command = { type: 'ReassignAlert' as const, alertId: id, orgId: context.orgId, userId: body.user_id, by };
    await this.alerts.run(stream, { ...command, at: this.now() }, context);
    return this.alerts.timeline(context, id);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
