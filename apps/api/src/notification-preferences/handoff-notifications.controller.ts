import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { HandoffNotificationCommand } from '@tocsin/domain';
import { handoffNotificationSettingsProjection as view, type HandoffNotificationSettingDoc } from '@tocsin/projector';
import { SignedIn } from '../identity/access.decorators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { deterministicId } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import { Ctx, type RequestContext } from '../shared/request-context';
import { assertCanEditPreferences } from './editor-role';
import { HandoffNotificationsCommandMessage } from './handoff-notifications.commands';
import { HandoffNotificationDto } from './handoff-notifications.dto';

type Outcome = { position: number | null };

/** The caller's own on-call handoff reminders in the current organization (SPEC.md section 7). */
@ApiTags('notification preferences')
@Controller('api/v1/signals/handoff_notification_settings')
export class HandoffNotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly progress: ProjectionProgress,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext) {
    const docs = await this.runtime.infra.readStore.find<HandoffNotificationSettingDoc>(view.collection, { orgId: context.orgId, userId: context.actorId }, { sort: { created_at: 1 } });
    return { data: docs.map(present) };
  }

  @Post()
  @SignedIn()
  async create(@Body() body: HandoffNotificationDto, @Ctx() context: RequestContext) {
    assertCanEditPreferences(context);
    const id = deterministicId(`${context.commandId}/handoff-notification`);
    await this.run({ ...body, type: 'SaveHandoffNotification', id }, context);
    return { data: present(await this.find(id, context)) };
  }

  @Patch(':id')
  @SignedIn()
  async change(@Param('id') id: string, @Body() body: HandoffNotificationDto, @Ctx() context: RequestContext) {
    assertCanEditPreferences(context);
    await this.find(id, context);
    await this.run({ ...body, type: 'SaveHandoffNotification', id }, context);
    return { data: present(await this.find(id, context)) };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    assertCanEditPreferences(context);
    await this.find(id, context);
    await this.run({ type: 'RemoveHandoffNotification', id }, context);
  }

  private async run(command: HandoffNotificationCommand, context: RequestContext): Promise<void> {
    const outcome = await this.commands.execute<HandoffNotificationsCommandMessage, Outcome>(new HandoffNotificationsCommandMessage(context.actorId ?? '', command, context));
    await this.progress.waitFor(view.name, outcome.position);
  }

  /** The caller's setting in this organization; anyone else's is not found. */
  private async find(id: string, context: RequestContext): Promise<HandoffNotificationSettingDoc> {
    const doc = await this.runtime.infra.readStore.findOne<HandoffNotificationSettingDoc>(view.collection, { _id: id, orgId: context.orgId, userId: context.actorId });
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Handoff notification setting not found' });
    return doc;
  }
}

function present({ _id, orgId: _org, userId: _user, ...rest }: HandoffNotificationSettingDoc) {
  return { id: _id, ...rest };
}
