import { sameHash } from '@tocsin/platform';
import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { computeSchedule } from '@tocsin/domain';
import { onCallSchedulesView } from '@tocsin/read-models';
import type { Response } from 'express';
import { Public } from '../../access/access.decorators';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { FEED_FILE, feedTokenHash } from './feed-token';
import { calendarText, FEED_AHEAD_DAYS, FEED_PAST_DAYS } from './schedule-calendar';
import { OnCallSchedulesService } from './on-call-schedules.service';

const DAY = 86_400_000;

/**
 * A schedule's iCal feed: calendar apps fetch it without a session, the secret in the address is the credential
 * (only its SHA-256 is stored; rotating it ends the old address). One event per stretch of the final line with
 * someone on call, named after who.
 */
@ApiTags('on-call schedules')
@Controller('calendars/schedules')
export class ScheduleFeedController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly schedules: OnCallSchedulesService,
  ) {}

  @Get(':file')
  @Public()
  async feed(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const token = FEED_FILE.exec(file)?.[1];
    const hash = token ? feedTokenHash(token) : null;
    const doc = hash ? await onCallSchedulesView.byFeedTokenHash(this.store, hash) : null;
    if (!doc || !hash || !sameHash(doc.feedTokenHash, hash))
      throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    const now = this.clock.now();
    const window = {
      from: new Date(now - FEED_PAST_DAYS * DAY).toISOString(),
      to: new Date(now + FEED_AHEAD_DAYS * DAY).toISOString(),
    };
    const { final } = computeSchedule(await this.schedules.input(doc), window);
    const names = await this.schedules.names(
      doc.orgId,
      final.flatMap((s) => s.userIds),
    );
    const events = final
      .filter((shift) => shift.userIds.length > 0)
      .map((shift) => {
        const who = shift.userIds.map((id) => names.get(id) ?? 'a former member').join(', ');
        return {
          uid: `${doc._id}/${shift.start}@tocsin`,
          start: shift.start,
          end: shift.end,
          summary: `On call: ${who}`,
          description: `${doc.name}: ${who}`,
        };
      });
    response.setHeader('Cache-Control', 'private, no-cache');
    response
      .type('text/calendar; charset=utf-8')
      .send(calendarText(`Tocsin on-call: ${doc.name}`, events, new Date(now)));
  }
}
