import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  describeNotificationType,
  PRIORITIES,
  parseDuration,
  type NotificationSettingCommand,
  type SaveNotificationSetting,
} from '@tocsin/domain';
import type { NotificationSettingResponse } from '@tocsin/contracts';
import { notificationSettingsCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import {
  notificationComplianceView,
  notificationSettingsView as view,
  type NotificationSettingDoc,
} from '@tocsin/read-models';
import { SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { Ctx, type RequestContext } from '../shared/request-context';
import { availableDestinations } from './destinations';
import { assertCanEditPreferences } from './editor-role';
import { assertSettingId, NotificationSettingDto, NotificationSettingsQueryDto } from './notification-settings.dto';

type SettingFields = Pick<
  SaveNotificationSetting,
  'notification_type' | 'destination' | 'delay' | 'notification_priority'
>;

/** The caller's own notification settings in the current organization (SPEC.md section 7). */
@ApiTags('notification preferences')
@Controller('api/v1/signals_notification_settings')
export class NotificationSettingsController {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get()
  @SignedIn()
  async list(
    @Query() query: NotificationSettingsQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: NotificationSettingResponse[] }> {
    const docs = await view.ofUser(this.readStore, context.orgId, context.actorId, query.notification_priority);
    const rank = (doc: NotificationSettingDoc) => PRIORITIES.indexOf(doc.notification_priority);
    docs.sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (parseDuration(a.delay) ?? 0) - (parseDuration(b.delay) ?? 0) ||
        a.created_at.localeCompare(b.created_at),
    );
    return { data: docs.map(present) };
  }

  @Post()
  @SignedIn()
  async create(
    @Body() body: NotificationSettingDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: NotificationSettingResponse }> {
    assertCanEditPreferences(context);
    assertSettingId(body.id, null);
    const id = deterministicId(`${context.commandId}/notification-setting`);
    await this.save(id, body, context);
    return { data: present(await this.find(id, context)) };
  }

  @Patch(':id')
  @SignedIn()
  async change(
    @Param('id') id: string,
    @Body() body: NotificationSettingDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: NotificationSettingResponse }> {
    assertCanEditPreferences(context);
    assertSettingId(body.id, id);
    const existing = await this.find(id, context);
    // fields left out keep their value, as in every PATCH of this API
    const keep = <K extends keyof SettingFields>(key: K) => (body[key] === undefined ? existing[key] : body[key]);
    await this.save(
      id,
      {
        notification_type: keep('notification_type'),
        destination: keep('destination'),
        delay: keep('delay'),
        notification_priority: keep('notification_priority'),
      },
      context,
    );
    return { data: present(await this.find(id, context)) };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    assertCanEditPreferences(context);
    await this.find(id, context);
    await this.run({ type: 'RemoveNotificationSetting', id }, context);
  }

  private async save(id: string, fields: Partial<SettingFields>, context: RequestContext): Promise<void> {
    const available = await availableDestinations(this.readStore, context.actorId ?? '');
    const { notification_type, destination, delay, notification_priority } = fields;
    await this.run(
      {
        type: 'SaveNotificationSetting',
        id,
        notification_type,
        destination,
        delay,
        notification_priority,
        availableDestinations: available,
      },
      context,
    );
  }

  private async run(command: NotificationSettingCommand, context: RequestContext): Promise<void> {
    // the list and the compliance the page reads next both include the change
    await this.commands.run(
      notificationSettingsCommand(context.actorId ?? '', command, context),
      view.name,
      notificationComplianceView.name,
    );
  }

  /** The caller's setting in this organization; anyone else's, or another organization's, is not found. */
  private async find(id: string, context: RequestContext): Promise<NotificationSettingDoc> {
    const doc = await view.byId(this.readStore, context.orgId, context.actorId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Notification setting not found' });
    return doc;
  }
}

/** SPEC.md section 3: the notification type comes back "with notification_type, type, value, label". */
function present({
  _id,
  orgId: _org,
  userId: _user,
  notification_type,
  ...rest
}: NotificationSettingDoc): NotificationSettingResponse {
  return { id: _id, notification_type: describeNotificationType(notification_type), ...rest };
}
