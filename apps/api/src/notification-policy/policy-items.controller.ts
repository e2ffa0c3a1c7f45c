import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { PRIORITIES, type NotificationPolicyCommand } from '@tocsin/domain';
import { notificationPolicyItemsProjection as view } from '@tocsin/projector';
import { RequirePermission, SignedIn } from '../identity/access.decorators';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { deterministicId, type DistributiveOmit } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import { Ctx, type RequestContext } from '../shared/request-context';
import { NotificationPolicyCommandMessage } from './policy-item.commands';
import { ChangePolicyItemDto, CreatePolicyItemDto } from './policy-item.dto';

type Outcome = { position: number | null };
/** The organization's notification policy items (SPEC.md section 7). */
@ApiTags('notification policy')
@Controller('api/v1/signals/notification_policy_items')
export class PolicyItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly progress: ProjectionProgress,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Get()
  @SignedIn()
  async list(@Ctx() context: RequestContext) {
    const docs = await this.runtime.infra.readStore.find(view.collection, { orgId: context.orgId });
    const rank = (p: unknown) => PRIORITIES.indexOf(p as never);
    docs.sort((a, b) => rank(a.priority) - rank(b.priority) || String(a.max_delay).localeCompare(String(b.max_delay)));
    return { data: docs.map(present) };
  }

  @Post()
  @RequirePermission('manage_organization_notification_policies')
  async create(@Body() body: CreatePolicyItemDto, @Ctx() context: RequestContext) {
    const id = deterministicId(`${context.commandId}/item`);
    await this.run({ type: 'CreatePolicyItem', id, ...body }, context);
    return { data: await this.find(id, context) };
  }

  @Patch(':id')
  @RequirePermission('manage_organization_notification_policies')
  async change(@Param('id') id: string, @Body() body: ChangePolicyItemDto, @Ctx() context: RequestContext) {
    await this.run({ type: 'ChangePolicyItem', id, ...body }, context);
    return { data: await this.find(id, context) };
  }

  @Delete(':id')
  @RequirePermission('manage_organization_notification_policies')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.run({ type: 'RemovePolicyItem', id }, context);
  }

  private async run(command: DistributiveOmit<NotificationPolicyCommand, 'orgId'>, context: RequestContext): Promise<void> {
    const full = { ...command, orgId: context.orgId } as NotificationPolicyCommand;
    const outcome = await this.commands.execute<NotificationPolicyCommandMessage, Outcome>(new NotificationPolicyCommandMessage(full, context));
    await this.progress.waitFor(view.name, outcome.position);
  }

  private async find(id: string, context: RequestContext) {
    const doc = await this.runtime.infra.readStore.findOne(view.collection, { _id: id, orgId: context.orgId });
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Notification policy item not found' });
    return present(doc);
  }
}

function present(doc: Record<string, unknown>) {
  const { _id, orgId: _org, ...rest } = doc;
  return { id: _id, ...rest };
}
