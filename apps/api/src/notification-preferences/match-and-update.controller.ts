import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MatchAndUpdateJobResponse, MatchAndUpdateQueuedResponse, MatchAndUpdateResult } from '@tocsin/contracts';
import { SignedIn } from '../access/access.decorators';
import { EVENT_STORE, JOB_QUEUE, type EventStore, type JobQueue } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { NoBodyDto } from '../shared/no-body.dto';
import { Ctx, type RequestContext } from '../shared/request-context';
import { assertCanEditPreferences } from './editor-role';
import { MATCH_JOB_OPTIONS, presentMatchJob, USER_MATCH_QUEUE, type UserMatchJobData } from './match-and-update.queue';

/**
 * 'Match & update all' on the caller's own preferences (SPEC.md section 4), as a job: POST queues it
 * (202), GET reads it, and `match_and_update.progress` / `.finished` are pushed to the caller's room.
 */
@ApiTags('notification preferences')
@Controller('api/v1/signals_notification_settings/match_and_update')
export class MatchAndUpdateController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  @Post()
  @SignedIn()
  @HttpCode(202)
  async start(@Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<MatchAndUpdateQueuedResponse> {
    assertCanEditPreferences(context);
    // the same Idempotency-Key finds the same job instead of starting another
    const id = deterministicId(`${context.commandId}/match-and-update`);
    const data: UserMatchJobData = {
      orgId: context.orgId,
      after: await this.eventStore.headPosition(),
      userId: context.actorId ?? '',
    };
    await this.jobs.add(USER_MATCH_QUEUE, 'match-and-update', data, { ...MATCH_JOB_OPTIONS, jobId: id });
    return { data: { id, status: 'queued' } };
  }

  /** Only the user who started the run reads it; anyone else's, or an unknown id, is not found. */
  @Get(':id')
  @SignedIn()
  async show(@Param('id') id: string, @Ctx() context: RequestContext): Promise<MatchAndUpdateJobResponse> {
    const job = await this.jobs.get(USER_MATCH_QUEUE, id);
    const data = job?.data as UserMatchJobData | undefined;
    if (!job || data?.orgId !== context.orgId || data.userId !== context.actorId) {
      throw new NotFoundException({ error: 'not_found', message: 'Match and update run not found' });
    }
    return { data: presentMatchJob<MatchAndUpdateResult>(job) };
  }
}
