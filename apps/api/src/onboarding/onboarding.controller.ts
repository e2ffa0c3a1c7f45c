import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { OnboardingIntegrationsStatusResponse, OnboardingTasksResponse } from '@tocsin/contracts';
import { ONBOARDING_MANAGER_PERMISSION } from '@tocsin/domain';
import { RequirePermission, SignedIn } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { OnboardingCommands } from './onboarding.commands';
import { assertNoBody, SelectIntegrationDto } from './onboarding.dto';
import { OnboardingQueries } from './onboarding.queries';
import { heldPermissions } from '../access/held-permissions';

/**
 * The signals onboarding checklist (SPEC.md sections 3, 4 and 7). Organization tasks, dismissing and the
 * integration choice are the owner's; a person's own tasks (their notification preferences) are theirs.
 */
@ApiTags('onboarding')
@Controller('internal_api/v1/onboarding')
export class OnboardingController {
  constructor(
    private readonly commands: OnboardingCommands,
    private readonly queries: OnboardingQueries,
  ) {}

  @Get('tasks')
  @SignedIn()
  @ApiOperation({
    summary: "The organization's onboarding tasks, with the caller's own",
    description: 'data.tasks: [{ id, slug, complete, scope }]',
  })
  tasks(@Ctx() context: RequestContext): Promise<OnboardingTasksResponse> {
    return this.queries.tasks(context.orgId, context.actorId ?? '');
  }

  @Post('tasks/:slug/complete')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a task done',
    description: `404 for an unknown slug. A user task (configure_notification_preferences) is anyone's own; an organization task needs ${ONBOARDING_MANAGER_PERMISSION}. Completing a done task changes nothing.`,
  })
  async complete(
    @Param('slug') slug: string,
    @Body() body: unknown,
    @Ctx() context: RequestContext,
  ): Promise<OnboardingTasksResponse> {
    assertNoBody(body);
    const permissions = heldPermissions(context);
    await this.commands.run(
      { type: 'CompleteOnboardingTask', slug, userId: context.actorId ?? '', permissions },
      context,
    );
    return this.queries.tasks(context.orgId, context.actorId ?? '');
  }

  @Post('dismiss')
  @RequirePermission(ONBOARDING_MANAGER_PERMISSION)
  @HttpCode(200)
  @ApiOperation({
    summary: "End the organization's onboarding for everyone",
    description: 'onboarding_complete becomes true for every member. Repeating it changes nothing.',
  })
  async dismiss(@Body() body: unknown, @Ctx() context: RequestContext): Promise<OnboardingTasksResponse> {
    assertNoBody(body);
    await this.commands.run({ type: 'DismissOnboarding' }, context);
    return this.queries.tasks(context.orgId, context.actorId ?? '');
  }

  @Put('select_integration')
  @RequirePermission(ONBOARDING_MANAGER_PERMISSION)
  @ApiOperation({
    summary: 'Choose the integration to set up first',
    description: 'Replaces an earlier choice and completes the select_integration task.',
  })
  async selectIntegration(
    @Body() body: SelectIntegrationDto,
    @Ctx() context: RequestContext,
  ): Promise<OnboardingIntegrationsStatusResponse> {
    await this.commands.run({ type: 'SelectIntegration', integration: body.integration }, context);
    return this.queries.integrations(context.orgId);
  }

  @Get('integrations_status')
  @RequirePermission('read_integrations')
  @ApiOperation({ summary: 'Which integration is selected, and which are connected' })
  integrationsStatus(@Ctx() context: RequestContext): Promise<OnboardingIntegrationsStatusResponse> {
    return this.queries.integrations(context.orgId);
  }
}
