import { sameHash } from '@tocsin/platform';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { calendarPath, type FeedTokenResponse } from '@tocsin/contracts';
import { shiftsOf } from '@tocsin/domain';
import {
  membershipsView,
  onCallRemovalsView,
  onCallSchedulesView,
  scheduleInputOf,
  usersView,
  type UserDoc,
} from '@tocsin/read-models';
import type { Response } from 'express';
import { Public, SignedIn } from '../access/access.decorators';
import { Commands } from '../commands/commands';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../runtime/ports';
import { NoBodyDto } from '../shared/no-body.dto';
import { ProjectionProgress } from '../shared/projection-progress';
import { Ctx, type RequestContext } from '../shared/request-context';
import { calendarText, FEED_AHEAD_DAYS, FEED_PAST_DAYS } from '../signals/on-call-schedules/schedule-calendar';
import { feedTokenHash } from '../signals/on-call-schedules/feed-token';
import { CALENDAR_FILE, rotateCalendarToken } from './calendar-token';

const DAY = 86_400_000;

/**
 * The personal calendar subscription (organization.icalUrl in /api/v1/me): every on-call shift of the person,
 * on every schedule of every organization they are a member of. Calendar apps fetch it without a session: the
 * secret in the address is the credential; only its hash is kept, and rotating it ends the old address.
 */
@ApiTags('account')
@Controller()
export class CalendarController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
  ) {}

  @Get('calendars/:file')
  @Public()
  async feed(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const user = await this.userOf(CALENDAR_FILE.exec(file)?.[1]);
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    const now = this.clock.now();
    const window = {
      from: new Date(now - FEED_PAST_DAYS * DAY).toISOString(),
      to: new Date(now + FEED_AHEAD_DAYS * DAY).toISOString(),
    };
    const events = [];
    for (const membership of await membershipsView.ofUser(this.readStore, user._id)) {
      const schedules = await onCallSchedulesView.ofOrganization(this.readStore, membership.orgId);
      const removals = await onCallRemovalsView.ofOrganization(this.readStore, membership.orgId);
      for (const doc of schedules)
        for (const shift of shiftsOf(scheduleInputOf(doc, removals), user._id, window))
          events.push({
            uid: `${doc._id}/${user._id}/${shift.start}@tocsin`,
            start: shift.start,
            end: shift.end,
            summary: `On call: ${doc.name}`,
            description: `You are on call on ${doc.name}.`,
          });
    }
    events.sort((a, b) => a.start.localeCompare(b.start));
    response.setHeader('Cache-Control', 'private, no-cache');
    response
      .type('text/calendar; charset=utf-8')
      .send(calendarText(`Tocsin on-call: ${String(user.name)}`, events, new Date(now)));
  }

  /** A new address for the signed-in person's calendar subscription; the old one stops working. */
  @Post('api/v1/me/calendar_token')
  @SignedIn()
  @HttpCode(200)
  async rotate(@Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<FeedTokenResponse> {
    if (!context.actorId) throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    const deps = { readStore: this.readStore, commands: this.commands, progress: this.progress, config: this.config };
    return { data: { url: calendarPath(await rotateCalendarToken(deps, context.actorId)) } };
  }

  /** The hash first (constant-time compared); an account from before rotations by its first, plain secret. */
  private async userOf(token: string | undefined): Promise<UserDoc | null> {
    if (!token) return null;
    const hash = feedTokenHash(token);
    const rotated = await usersView.byCalendarTokenHash(this.readStore, hash);
    if (rotated) return sameHash(rotated.calendarTokenHash, hash) ? rotated : null;
    return usersView.byCalendarToken(this.readStore, token);
  }
}
