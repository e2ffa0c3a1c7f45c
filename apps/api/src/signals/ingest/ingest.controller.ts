import { Controller, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../access/access.decorators';
import { nestedTooDeeply } from '../../shared/well-formed';
import { SourceRates } from '../event-sources/source-rates';
import { IngestService, type IngestAnswer } from './ingest.service';
import { PAGERDUTY_BODY_LIMIT, rawBodyOf } from './raw-body';

const UNKNOWN = {
  error: 'not_found',
  message: 'No event source has this ingest URL. Copy it again from the source page.',
};

/**
 * Only events that named no source, failed its signature or went over its limit spend an address's minute on the
 * token-less URL.
 */
const PER_ADDRESS = (retryAfterSeconds: number) =>
  `Too many events from this address named no event source, were wrongly signed or went over their source's limit. Try again in ${retryAfterSeconds} s.`;

/**
 * The ingest URLs (README "Ingest"): no session, the token in the path is the credential. Generic and
 * Alertmanager answer in the API's shape; the PagerDuty endpoints answer exactly as PagerDuty's Events API v2.
 */
@ApiTags('ingest')
@Public()
@Controller('ingest')
export class IngestController {
  constructor(
    private readonly ingest: IngestService,
    private readonly rates: SourceRates,
  ) {}

  @Post('pagerduty/v2/enqueue')
  @ApiOperation({ summary: 'PagerDuty Events API v2 event, the source token as routing_key' })
  async pagerDutyRoutingKey(@Req() request: Request, @Res() response: Response): Promise<void> {
    // nobody is known until the body is read: the address is counted before a byte is inflated, and given
    // back once the routing key (and a signed source's signature) proves the sender and its source's limit
    // takes the event (IngestService.receive)
    const counted = await this.rates.unauthenticatedRead(request.ip ?? 'unknown');
    if (!counted.ok) {
      const { retryAfterSeconds } = counted;
      sendPagerDuty(
        { kind: 'rate_limited', retryAfterSeconds, message: PER_ADDRESS(retryAfterSeconds) },
        response,
        true,
      );
      return;
    }
    // the routing key is in the body: read first (as bytes, for the signature), then handed on as read
    const raw = await rawBodyOf(request, response, PAGERDUTY_BODY_LIMIT);
    if (!raw.ok) {
      response.status(raw.status === 413 ? 400 : raw.status).json(pagerDutyInvalid([raw.message]));
      return;
    }
    let key: unknown;
    try {
      // over-deep JSON is not parsed (it could overflow the stack): no key, refused below
      if (!nestedTooDeeply(raw.body))
        key = (JSON.parse(raw.body.toString('utf8')) as { routing_key?: unknown }).routing_key;
    } catch {
      key = undefined;
    }
    if (typeof key !== 'string' || key === '') {
      response.status(400).json(pagerDutyInvalid(["'routing_key' is missing or blank"]));
      return;
    }
    const answer = await this.ingest.receive(key, 'pagerduty', request, response, {
      body: raw,
      charge: counted.charge,
    });
    sendPagerDuty(answer, response, true);
  }

  @Post(':token')
  @ApiOperation({ summary: 'Generic JSON alert (README "Ingest")' })
  async generic(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    send(await this.ingest.receive(token, 'generic', request, response), response);
  }

  @Post(':token/alertmanager')
  @ApiOperation({ summary: 'Prometheus Alertmanager webhook, payload version 4' })
  async alertmanager(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    send(await this.ingest.receive(token, 'alertmanager', request, response), response);
  }

  @Post(':token/pagerduty/v2/enqueue')
  @ApiOperation({ summary: 'PagerDuty Events API v2 event' })
  async pagerDuty(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendPagerDuty(await this.ingest.receive(token, 'pagerduty', request, response), response, false);
  }
}

function send(answer: IngestAnswer, response: Response): void {
  switch (answer.kind) {
    case 'unknown_source':
      response.status(HttpStatus.NOT_FOUND).json(UNKNOWN);
      return;
    case 'refused': {
      const error = answer.status === 401 ? 'unauthorized' : answer.status === 404 ? 'not_found' : 'invalid';
      const fields = Object.keys(answer.fields).length > 0 ? { fields: answer.fields } : {};
      response.status(answer.status).json({ error, message: answer.message, ...fields });
      return;
    }
    case 'rate_limited':
      response.setHeader('Retry-After', String(answer.retryAfterSeconds));
      response.status(HttpStatus.TOO_MANY_REQUESTS).json({ error: 'rate_limited', message: answer.message });
      return;
    case 'accepted':
      response.status(HttpStatus.ACCEPTED).json({
        data: {
          payload_id: answer.payloadId,
          results: answer.results.map((r) => ({ outcome: r.outcome, alert_id: r.alertId, dedup_key: r.dedupKey })),
        },
      });
  }
}

const pagerDutyInvalid = (errors: string[]) => ({
  status: 'invalid event',
  message: 'Event object is invalid',
  errors,
});

function sendPagerDuty(answer: IngestAnswer, response: Response, keyInBody: boolean): void {
  switch (answer.kind) {
    case 'unknown_source':
      if (keyInBody) response.status(400).json(pagerDutyInvalid(["'routing_key' does not name an event source"]));
      else response.status(HttpStatus.NOT_FOUND).json(UNKNOWN);
      return;
    case 'refused':
      response.status(answer.status).json(pagerDutyInvalid(answer.errors));
      return;
    case 'rate_limited':
      response.setHeader('Retry-After', String(answer.retryAfterSeconds));
      response.status(HttpStatus.TOO_MANY_REQUESTS).json({ status: 'throttle event', message: answer.message });
      return;
    case 'accepted':
      response
        .status(HttpStatus.ACCEPTED)
        .json({ status: 'success', message: 'Event processed', dedup_key: answer.results[0]?.dedupKey });
  }
}
