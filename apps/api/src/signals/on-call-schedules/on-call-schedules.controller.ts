import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  scheduleFeedPath,
  type FeedTokenResponse,
  type FinalScheduleResponse,
  type MyShiftsResponse,
  type OnCallSchedule,
  type OnCallSchedulesResponse,
  type ScheduleGapsResponse,
} from '@tocsin/contracts';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { deterministicId } from '../../shared/event-sourced';
import { NoBodyDto } from '../../shared/no-body.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { feedTokenHash, newFeedToken } from './feed-token';
import {
  FinalWindowQueryDto,
  OnCallScheduleChangeDto,
  OnCallScheduleDto,
  OnCallSchedulePreviewDto,
  ScheduleOverrideDto,
  ShiftSwapAssignDto,
  ShiftSwapRequestDto,
  TemporaryScheduleDto,
} from './on-call-schedules.dto';
import { layersFromBody, OnCallSchedulesService, windowOf } from './on-call-schedules.service';
import { heldPermissions } from '../../access/held-permissions';

const MANAGE = 'manage_on_call_schedules' as const;
const READ = 'read_on_call_schedules' as const;
const signalsResource = () => TeamScoped({ param: 'teamId', signalsResource: true });

/** The caller as a person: swaps are asked and taken by someone (an API key acting as nobody cannot). */
function personOf(context: RequestContext): string {
  if (!context.actorId)
    throw new ForbiddenException({ error: 'forbidden', message: 'Only a signed-in person can ask for or take a swap' });
  return context.actorId;
}

/** The organization's schedules with who is on call now and next, and the caller's own shifts. */
@ApiTags('on-call schedules')
@Controller('api/v1/signals/on_call_schedules')
export class OnCallSchedulesOverviewController {
  constructor(private readonly schedules: OnCallSchedulesService) {}

  @Get()
  @RequirePermission(READ)
  async list(@Ctx() context: RequestContext): Promise<OnCallSchedulesResponse> {
    return { data: await this.schedules.list(context.orgId) };
  }

  /** The signed-in user's shifts over the next 90 days, on every schedule of the organization. */
  @Get('my_shifts')
  @RequirePermission(READ)
  async myShifts(@Ctx() context: RequestContext): Promise<MyShiftsResponse> {
    return { data: context.actorId ? await this.schedules.myShifts(context.orgId, context.actorId) : [] };
  }
}

/**
 * A team's on-call schedules (issue 20). Reading needs read_on_call_schedules; changing them
 * manage_on_call_schedules (a team's signals resource, like its rules: with rbacCandidateControl the team's
 * restriction decides). Asking for and taking a swap is a reader's own business. Another organization's team or
 * schedule is not found.
 */
@ApiTags('on-call schedules')
@Controller('api/v1/teams/:teamId/on_call_schedules')
export class OnCallSchedulesController {
  constructor(private readonly schedules: OnCallSchedulesService) {}

  @Get()
  @RequirePermission(READ)
  async list(@Param('teamId') teamId: string, @Ctx() context: RequestContext): Promise<OnCallSchedulesResponse> {
    return { data: await this.schedules.list(context.orgId, teamId) };
  }

  @Post()
  @RequirePermission(MANAGE)
  @signalsResource()
  async create(
    @Param('teamId') teamId: string,
    @Body() body: OnCallScheduleDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    await this.schedules.assertTeam(context.orgId, teamId);
    const scheduleId = deterministicId(`${context.commandId}/on-call-schedule`);
    const layers = layersFromBody(body.layers, `${scheduleId}/${context.commandId}`);
    await this.schedules.run(
      {
        type: 'CreateOnCallSchedule',
        scheduleId,
        teamId,
        name: body.name,
        timeZone: body.time_zone,
        layers,
        knownUsers: await this.schedules.knownUsers(
          context.orgId,
          layers.flatMap((l) => l.rotation.slots.flat()),
        ),
      },
      context,
    );
    return { data: await this.schedules.find(context.orgId, teamId, scheduleId) };
  }

  /** The rotation editor's live preview: the shifts a definition makes over a window (nothing is saved). */
  @Post('preview')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(200)
  async preview(
    @Param('teamId') teamId: string,
    @Body() body: OnCallSchedulePreviewDto,
    @Ctx() context: RequestContext,
  ): Promise<FinalScheduleResponse> {
    await this.schedules.assertTeam(context.orgId, teamId);
    const window = windowOf(body.from, body.to);
    const layers = layersFromBody(body.layers, `preview/${context.commandId}`);
    this.schedules.checkDefinition(body.time_zone, layers);
    const definition = { timeZone: body.time_zone, layers, overrides: [], temporarySchedules: [] };
    const input = { versions: [{ from: window.from, definition }], removals: [] };
    return { data: await this.schedules.computed(context.orgId, input, window) };
  }

  @Get(':id')
  @RequirePermission(READ)
  async find(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    return { data: await this.schedules.find(context.orgId, teamId, id) };
  }

  @Patch(':id')
  @RequirePermission(MANAGE)
  @signalsResource()
  async change(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: OnCallScheduleChangeDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    const layers = body.layers === undefined ? undefined : layersFromBody(body.layers, `${id}/${context.commandId}`);
    return this.schedules.apply(
      {
        type: 'ChangeOnCallSchedule',
        scheduleId: id,
        teamId,
        name: body.name,
        timeZone: body.time_zone,
        layers,
        knownUsers: await this.schedules.knownUsers(
          context.orgId,
          (layers ?? []).flatMap((l) => l.rotation.slots.flat()),
        ),
      },
      context,
    );
  }

  @Delete(':id')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(204)
  async remove(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.schedules.doc(context.orgId, teamId, id);
    const usedBy = await this.schedules.usedBy(context.orgId, id);
    await this.schedules.run({ type: 'DeleteOnCallSchedule', scheduleId: id, teamId, usedBy }, context);
  }

  /** Who is on call from `from` to `to` (any window, the past as it was then; at most 93 days). */
  @Get(':id/final')
  @RequirePermission(READ)
  async final(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Query() query: FinalWindowQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<FinalScheduleResponse> {
    return { data: await this.schedules.final(context.orgId, teamId, id, windowOf(query.from, query.to)) };
  }

  /** The stretches with nobody on call over the next 30 days. */
  @Get(':id/gaps')
  @RequirePermission(READ)
  async gaps(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<ScheduleGapsResponse> {
    return { data: await this.schedules.gaps(context.orgId, teamId, id) };
  }

  @Post(':id/overrides')
  @RequirePermission(MANAGE)
  @signalsResource()
  async addOverride(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: ScheduleOverrideDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    const override = {
      id: deterministicId(`${context.commandId}/override`).slice(0, 12),
      kind: body.kind,
      start: body.start,
      end: body.end,
      userId: body.user_id ?? null,
      replacesUserId: body.replaces_user_id ?? null,
    };
    const knownUsers = await this.schedules.knownUsers(context.orgId, [override.userId, override.replacesUserId]);
    return this.schedules.apply({ type: 'AddScheduleOverride', scheduleId: id, teamId, override, knownUsers }, context);
  }

  @Delete(':id/overrides/:overrideId')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(204)
  async removeOverride(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('overrideId') overrideId: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.schedules.doc(context.orgId, teamId, id);
    await this.schedules.run({ type: 'RemoveScheduleOverride', scheduleId: id, teamId, overrideId }, context);
  }

  @Post(':id/temporary_schedules')
  @RequirePermission(MANAGE)
  @signalsResource()
  async addTemporary(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: TemporaryScheduleDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    const temporary = {
      id: deterministicId(`${context.commandId}/temporary`).slice(0, 12),
      start: body.start,
      end: body.end,
      shifts: body.shifts.map((s) => ({ start: s.start, end: s.end, userIds: s.user_ids })),
      allowGaps: body.allow_gaps ?? false,
    };
    const knownUsers = await this.schedules.knownUsers(
      context.orgId,
      temporary.shifts.flatMap((s) => s.userIds),
    );
    return this.schedules.apply(
      { type: 'AddTemporarySchedule', scheduleId: id, teamId, temporary, knownUsers },
      context,
    );
  }

  @Delete(':id/temporary_schedules/:temporaryId')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(204)
  async removeTemporary(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('temporaryId') temporaryId: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.schedules.doc(context.orgId, teamId, id);
    await this.schedules.run({ type: 'RemoveTemporarySchedule', scheduleId: id, teamId, temporaryId }, context);
  }

  /** A member asks for [start, end) of their shifts to be covered. */
  @Post(':id/swaps')
  @RequirePermission(READ)
  async askSwap(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: ShiftSwapRequestDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    const requesterId = personOf(context);
    await this.schedules.assertOnCallDuring(context.orgId, teamId, id, requesterId, body.start, body.end);
    await this.schedules.run(
      {
        type: 'RequestShiftSwap',
        scheduleId: id,
        teamId,
        swapId: deterministicId(`${context.commandId}/swap`).slice(0, 12),
        requesterId,
        start: body.start,
        end: body.end,
        note: body.note ?? '',
      },
      context,
    );
    return { data: await this.schedules.find(context.orgId, teamId, id) };
  }

  /** Another member covers the request: it becomes a replace override. */
  @Post(':id/swaps/:swapId/take')
  @RequirePermission(READ)
  @HttpCode(200)
  async takeSwap(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('swapId') swapId: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    const takerId = personOf(context);
    return this.take(teamId, id, swapId, takerId, null, context);
  }

  /** A manager names who covers the request. */
  @Post(':id/swaps/:swapId/assign')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(200)
  async assignSwap(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('swapId') swapId: string,
    @Body() body: ShiftSwapAssignDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    return this.take(teamId, id, swapId, body.user_id, context.actorId ?? 'api', context);
  }

  /** The requester (or a manager) withdraws an open request. */
  @Post(':id/swaps/:swapId/cancel')
  @RequirePermission(READ)
  @HttpCode(200)
  async cancelSwap(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('swapId') swapId: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    return this.schedules.apply(
      {
        type: 'CancelShiftSwap',
        scheduleId: id,
        teamId,
        swapId,
        callerId: context.actorId ?? '',
        byManager: heldPermissions(context).includes(MANAGE),
      },
      context,
    );
  }

  /** A new address for the schedule's iCal feed, shown once; the old one stops working. */
  @Post(':id/feed_token')
  @RequirePermission(MANAGE)
  @signalsResource()
  @HttpCode(200)
  async rotateFeed(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<FeedTokenResponse> {
    await this.schedules.doc(context.orgId, teamId, id);
    const token = newFeedToken();
    await this.schedules.run(
      { type: 'RotateScheduleFeedToken', scheduleId: id, teamId, tokenHash: feedTokenHash(token) },
      context,
    );
    return { data: { url: scheduleFeedPath(token) } };
  }

  private async take(
    teamId: string,
    id: string,
    swapId: string,
    takerId: string,
    assignedBy: string | null,
    context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    return this.schedules.apply(
      {
        type: 'TakeShiftSwap',
        scheduleId: id,
        teamId,
        swapId,
        takerId,
        assignedBy,
        overrideId: deterministicId(`${context.commandId}/swap-override`).slice(0, 12),
        knownUsers: await this.schedules.knownUsers(context.orgId, [takerId]),
      },
      context,
    );
  }
}
