import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HandoffNotificationSetting } from '@tocsin/contracts';
import type { HandoffNotificationCommand } from '@tocsin/domain';
import { handoffNotificationsCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { handoffNotificationSettingsView as view, type HandoffNotificationSettingDoc } from '@tocsin/read-models';
import { SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { Ctx, type RequestContext } from '../shared/request-context';
import { assertCanEditPreferences } from './editor-role';
import { HandoffNotificationDto } from './handoff-notifications.dto';

/** The caller's own on-call handoff reminders in the current organization (SPEC.md section 7). */
@ApiTags('notification preferences')
@Controller('api/v1/signals/handoff_notification_settings')
export class HandoffNotificationsController {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext): Promise<{ data: HandoffNotificationSetting[] }> {
    const docs = await view.ofUser(this.readStore, context.orgId, context.actorId);
    return { data: docs.map(present) };
  }

  @Post()
  @SignedIn()
  async create(
    @Body() body: HandoffNotificationDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: HandoffNotificationSetting }> {
    assertCanEditPreferences(context);
    const id = deterministicId(`${context.commandId}/handoff-notification`);
    await this.run({ ...body, type: 'SaveHandoffNotification', id }, context);
    return { data: present(await this.find(id, context)) };
  }

  @Patch(':id')
  @SignedIn()
  async change(
    @Param('id') id: string,
    @Body() body: HandoffNotificationDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: HandoffNotificationSetting }> {
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
    await this.commands.run(handoffNotificationsCommand(context.actorId ?? '', command, context), view.name);
  }

  /** The caller's setting in this organization; anyone else's is not found. */
  private async find(id: string, context: RequestContext): Promise<HandoffNotificationSettingDoc> {
    const doc = await view.byId(this.readStore, context.orgId, context.actorId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Handoff notification setting not found' });
    return doc;
  }
}

function present({
  _id,
  orgId: _org,
  userId: _user,
  ...rest
}: HandoffNotificationSettingDoc): HandoffNotificationSetting {
  return { id: _id, ...rest };
}
