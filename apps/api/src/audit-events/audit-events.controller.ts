import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuditEvent, AuditEventsPage } from '@tocsin/contracts';
import type { Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequirePermission } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import {
  AuditEventsQueryDto,
  AuditExportQueryDto,
  AuditFeedQueryDto,
  feedWaitSeconds,
  MAX_EXPORT_EVENTS,
} from './audit-events.dto';
import { AuditEventsService, type AuditReader } from './audit-events.service';
import { closed, EXPORT_CONTENT_TYPES, FEED_POLL_MS, streamLines } from './audit-export';

const DEFAULT_EXPORT_EVENTS = 1000;
const DEFAULT_FEED_EVENTS = 1000;
const FEED_RETRY_SECONDS = 5;
const DEFAULT_FEED_WAIT = 'PT20S';
/** Feeds one organization may hold open at once on a process: each waiting one reads the log every FEED_POLL_MS. */
export const MAX_OPEN_FEEDS = 4;

/** The organization's audit trail (flag auditEvents): pages, exports and a resumable feed for a SIEM. */
@ApiTags('audit events')
@RequirePermission('read_audit_events')
@Controller('api/v1/audit_events')
export class AuditEventsController {
  /** Open feeds by organization on this process. */
  private readonly openFeeds = new Map<string, number>();

  constructor(private readonly audit: AuditEventsService) {}

  @Get()
  async page(@Query() query: AuditEventsQueryDto, @Ctx() context: RequestContext): Promise<AuditEventsPage> {
    await this.audit.assertOn(context.orgId);
    return this.audit.page(query, context);
  }

  /** NDJSON or CSV, oldest first, at most `limit` events per request; each line carries its cursor. */
  @Get('export')
  async export(@Query() query: AuditExportQueryDto, @Ctx() context: RequestContext, @Res() response: Response) {
    await this.audit.assertOn(context.orgId);
    // the file name first: `attachment` sets a type from the extension, which the format's own type replaces
    response
      .status(200)
      .attachment(`audit-events.${query.format}`)
      .type(EXPORT_CONTENT_TYPES[query.format])
      .set('Cache-Control', 'no-store');
    const limit = Math.min(query.limit ?? DEFAULT_EXPORT_EVENTS, MAX_EXPORT_EVENTS);
    await streamLines(response, query.format, this.audit.forwards(query, context, limit));
  }

  /**
   * Every event after `after`, in log order, each once, as NDJSON (a long poll): the answer ends once it has sent
   * what there is (at most `limit` events), or, with nothing after the cursor, at the first news or when `wait` has
   * passed with none; the caller asks again from the last line's cursor.
   */
  @Get('feed')
  async feed(@Query() query: AuditFeedQueryDto, @Ctx() context: RequestContext, @Res() response: Response) {
    await this.audit.assertOn(context.orgId);
    const open = this.openFeeds.get(context.orgId) ?? 0;
    if (open >= MAX_OPEN_FEEDS)
      throw new TooManyRequests(FEED_RETRY_SECONDS, {
        error: 'too_many_feeds',
        message: `This organization already has ${MAX_OPEN_FEEDS} audit feeds open; close one or try again shortly`,
      });
    this.openFeeds.set(context.orgId, open + 1);
    try {
      response.status(200).type('application/x-ndjson; charset=utf-8').set('Cache-Control', 'no-store');
      response.set('X-Accel-Buffering', 'no').flushHeaders();
      const limit = query.limit ?? DEFAULT_FEED_EVENTS;
      const deadline = Date.now() + feedWaitSeconds(query.wait ?? DEFAULT_FEED_WAIT) * 1000;
      await streamLines(response, 'ndjson', this.follow(context, query.after, limit, deadline, response));
    } finally {
      const left = (this.openFeeds.get(context.orgId) ?? 1) - 1;
      if (left > 0) this.openFeeds.set(context.orgId, left);
      else this.openFeeds.delete(context.orgId);
    }
  }

  private async *follow(
    reader: AuditReader,
    after: string | undefined,
    limit: number,
    deadline: number,
    response: Response,
  ): AsyncGenerator<AuditEvent> {
    let cursor = after;
    for (let left = limit; left > 0 && !closed(response);) {
      for await (const event of this.audit.forwards({ after: cursor }, reader, left)) {
        yield event;
        cursor = event.cursor;
        left--;
      }
      // caught up: what there was is sent; with nothing yet, wait for news until the deadline
      if (left === 0 || left < limit || Date.now() >= deadline) return;
      await sleep(Math.min(FEED_POLL_MS, Math.max(0, deadline - Date.now())));
    }
  }
}
