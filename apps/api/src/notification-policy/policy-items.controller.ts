import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PRIORITIES,
  type NotificationGroupMethod,
  type NotificationPolicyCommand,
  type Priority,
} from '@tocsin/domain';
import { notificationPolicyItemCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { notificationPolicyItemsView as view } from '@tocsin/read-models';
import { RequirePermission, SignedIn } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { deterministicId, type DistributiveOmit } from '../shared/event-sourced';
import { Ctx, type RequestContext } from '../shared/request-context';
import { ChangePolicyItemDto, CreatePolicyItemDto } from './policy-item.dto';

/** The organization's notification policy items (SPEC.md section 7). */
@ApiTags('notification policy')
@Controller('api/v1/signals/notification_policy_items')
export class PolicyItemsController {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext): Promise<{ data: NotificationPolicyItem[] }> {
    const docs = await view.inOrganization(this.readStore, context.orgId);
    const rank = (p: unknown) => PRIORITIES.indexOf(p as never);
    docs.sort((a, b) => rank(a.priority) - rank(b.priority) || String(a.max_delay).localeCompare(String(b.max_delay)));
    return { data: docs.map(present) };
  }

  @Post()
  @RequirePermission('manage_organization_notification_policies')
  async create(
    @Body() body: CreatePolicyItemDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: NotificationPolicyItem }> {
    const id = deterministicId(`${context.commandId}/item`);
    await this.run({ type: 'CreatePolicyItem', id, ...body }, context);
    return { data: await this.find(id, context) };
  }

  @Patch(':id')
  @RequirePermission('manage_organization_notification_policies')
  async change(
    @Param('id') id: string,
    @Body() body: ChangePolicyItemDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: NotificationPolicyItem }> {
    await this.run({ type: 'ChangePolicyItem', id, ...body }, context);
    return { data: await this.find(id, context) };
  }

  @Delete(':id')
  @RequirePermission('manage_organization_notification_policies')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.run({ type: 'RemovePolicyItem', id }, context);
  }

  private async run(
    command: DistributiveOmit<NotificationPolicyCommand, 'orgId'>,
    context: RequestContext,
  ): Promise<void> {
    await this.commands.run(notificationPolicyItemCommand(command, context), view.name);
  }

  private async find(id: string, context: RequestContext): Promise<NotificationPolicyItem> {
    const doc = await view.byId(this.readStore, context.orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Notification policy item not found' });
    return present(doc);
  }
}

/** The view's document as the contract names it (the decider only ever writes valid priorities and methods). */
function present(doc: Record<string, unknown>): NotificationPolicyItem {
  return {
    id: doc._id as string,
    priority: doc.priority as Priority,
    notification_group_method: doc.notification_group_method as NotificationGroupMethod,
    max_delay: doc.max_delay as string,
    created_at: doc.created_at as string,
    updated_at: doc.updated_at as string,
  };
}
