import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HeartbeatPingAnswer } from '@tocsin/contracts';
import { DomainError, HEARTBEAT_BEAT_RESOLUTION_MS, heartbeatDueAt, type HeartbeatEvent } from '@tocsin/domain';
import { WrongExpectedRevisionError } from '@tocsin/platform';
import { heartbeatsView, type HeartbeatDoc } from '@tocsin/read-models';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { Public } from '../../access/access.decorators';
import { heartbeatCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { SourceRates } from '../event-sources/source-rates';
import { tokenHashOf } from '../event-sources/ingest-token';
import { heartbeatStatusOf } from './heartbeats.service';

const UNKNOWN = {
  error: 'not_found',
  message: 'No heartbeat has this ping URL. Copy it again from the heartbeat list.',
};

/**
 * A heartbeat's ping URL (README "Heartbeats"): `GET` or `POST /heartbeats/{token}`, no session, the token is the
 * credential; the body, if any, is not read. Unknown tokens are limited per address with the ingest URLs' unknown
 * tokens (one budget). A ping a few seconds after the last beat writes nothing (the view says so at no cost).
 */
@ApiTags('ingest')
@Public()
@Controller('heartbeats')
export class HeartbeatPingsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly rates: SourceRates,
  ) {}

  @Get(':token')
  @ApiOperation({ summary: 'A heartbeat ping' })
  get(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.ping(token, request, response);
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: 'A heartbeat ping (the body is not read)' })
  post(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.ping(token, request, response);
  }

  private async ping(token: string, request: Request, response: Response): Promise<void> {
    const doc = /^[0-9a-f]{32}$/.test(token) ? await heartbeatsView.byTokenHash(this.store, tokenHashOf(token)) : null;
    if (!doc) {
      const counted = await this.rates.unknownToken(request.ip ?? 'unknown');
      if (counted.ok) {
        response.status(404).json(UNKNOWN);
        return;
      }
      const seconds = counted.retryAfterSeconds;
      response.setHeader('Retry-After', String(seconds));
      response.status(429).json({
        error: 'rate_limited',
        message: `Too many requests to ping URLs that name no heartbeat. Try again in ${seconds} s.`,
      });
      return;
    }
    const now = this.clock.now();
    const recent = !doc.missedAt && doc.lastBeatAt && now - Date.parse(doc.lastBeatAt) < HEARTBEAT_BEAT_RESOLUTION_MS;
    if (recent) {
      response.status(200).json(answer(doc));
      return;
    }
    const at = new Date(now).toISOString();
    let events: HeartbeatEvent[];
    try {
      events = await this.beat(doc, at);
    } catch (error) {
      // deleted since the view was read
      if (error instanceof DomainError && error.code === 'not_found') {
        response.status(404).json(UNKNOWN);
        return;
      }
      throw error;
    }
    const beaten = events.some((e) => e.type === 'HeartbeatBeat');
    const after: HeartbeatDoc = beaten ? { ...doc, lastBeatAt: at, missedAt: null } : doc;
    const dueAt =
      heartbeatDueAt({ createdAt: doc.created_at, lastBeatAt: after.lastBeatAt, settings: doc }) ?? doc.dueAt;
    // a recovery's alert is resolved, and its next check queued, by the process manager that follows the log
    response.status(200).json(answer({ ...after, dueAt }));
  }

  /** Another api process wrote the heartbeat's stream first: decide again (a ping is never refused for it). */
  private async beat(doc: HeartbeatDoc, at: string): Promise<HeartbeatEvent[]> {
    for (let round = 0; ; round++) {
      const commandId = randomUUID();
      const context = { orgId: doc.orgId, actorId: null, role: null, commandId, correlationId: commandId, fresh: true };
      try {
        return (
          await this.commands.run(heartbeatCommand({ type: 'RecordHeartbeatBeat', heartbeatId: doc._id, at }, context))
        ).events;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || round >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (round + 1)));
      }
    }
  }
}

const answer = (doc: HeartbeatDoc): HeartbeatPingAnswer => ({
  data: { status: heartbeatStatusOf(doc), last_beat_at: doc.lastBeatAt, due_at: new Date(doc.dueAt).toISOString() },
});
