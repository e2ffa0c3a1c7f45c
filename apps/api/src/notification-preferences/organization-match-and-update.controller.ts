import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  MatchAndUpdateQueuedResponse,
  OrganizationMatchAndUpdateJobResponse,
  OrganizationMatchAndUpdateResult,
} from '@tocsin/contracts';
import { RequirePermission } from '../access/access.decorators';
import { EVENT_STORE, JOB_QUEUE, type EventStore, type JobQueue } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { NoBodyDto } from '../shared/no-body.dto';
import { Ctx, type RequestContext } from '../shared/request-context';
import {
  MATCH_JOB_OPTIONS,
  ORGANIZATION_MATCH_QUEUE,
  presentMatchJob,
  type OrganizationMatchJobData,
} from './match-and-update.queue';

/**
 * 'Match & update all' for every member and owner at once, for those who manage the policy. The
 * report is the organization's: anyone who may manage the policy reads it; the pushes go to whoever started it.
 */
@ApiTags('notification policy')
@Controller('api/v1/signals/notification_policy/match_and_update')
export class OrganizationMatchAndUpdateController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  @Post()
  @RequirePermission('manage_organization_notification_policies')
  @HttpCode(202)
  async start(@Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<MatchAndUpdateQueuedResponse> {
    const id = deterministicId(`${context.commandId}/organization-match-and-update`);
    const data: OrganizationMatchJobData = {
      orgId: context.orgId,
      after: await this.eventStore.headPosition(),
      requestedBy: context.actorId ?? '',
    };
    await this.jobs.add(ORGANIZATION_MATCH_QUEUE, 'organization-match-and-update', data, {
      ...MATCH_JOB_OPTIONS,
      jobId: id,
    });
    return { data: { id, status: 'queued' } };
  }

  /** Another organization's run, or an unknown id, is not found. */
  @Get(':id')
  @RequirePermission('manage_organization_notification_policies')
  async show(@Param('id') id: string, @Ctx() context: RequestContext): Promise<OrganizationMatchAndUpdateJobResponse> {
    const job = await this.jobs.get(ORGANIZATION_MATCH_QUEUE, id);
    if (!job || (job.data as OrganizationMatchJobData | undefined)?.orgId !== context.orgId) {
      throw new NotFoundException({ error: 'not_found', message: 'Match and update run not found' });
    }
    return { data: presentMatchJob<OrganizationMatchAndUpdateResult>(job) };
  }
}
