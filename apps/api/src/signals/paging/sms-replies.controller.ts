import { Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { alertShortCode, DomainError, isPhoneNotificationType, parseSmsReply, smsReplyHint } from '@tocsin/domain';
import { escapeXml, inboundSmsMessage, inboundSmsProvider, inboundSmsSigned } from '@tocsin/platform';
import { alertTimelineView, membershipsView } from '@tocsin/read-models';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { Public } from '../../access/access.decorators';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/deterministic-id';
import type { WithRawBody } from '../../shared/request-body';
import { SeenSignatures } from '../ingest/seen-signatures';
import { ActionLinkSecret } from './action-link-secret';
import { AlertPaging } from './alert-paging.service';

const HOW = 'Reply ACK or RES followed by the code in the page, like ACK 4KQ7ZP.';
const REPLAYED =
  'This signed reply was received already: a signature is accepted once (the gateway signs each request when it sends it)';
const FULL = (retryAfterSeconds: number) =>
  `Too many signed replies from this number within 5 minutes to remember: try again in ${retryAfterSeconds} s`;

/**
 * Replies to a page's SMS (issue 9) through the configured phone provider's inbound webhook
 * (`/webhooks/sms/twilio` or `/webhooks/sms/gateway`), believed only with its signature (i9-channels'
 * checks). "ACK <code>" or "RES <code>" acknowledges or resolves the alert whose page named that code, when
 * that page went to the number the reply comes from; the person acting is the one the page was for, while they are
 * still a member of the alert's organization (a removed member is told nothing changed). The
 * answer is a 200 with the reply text (TwiML for Twilio: a provider retries anything else), except for a
 * bad signature or a gateway-signed reply received already (403), a number with more signed replies than the
 * replay memory keeps for one (429), or a provider that is not the configured one (404). Nothing is written
 * otherwise.
 */
@ApiExcludeController()
@Controller('webhooks/sms')
export class SmsRepliesController {
  constructor(
    private readonly alerts: AlertPaging,
    private readonly secret: ActionLinkSecret,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly seen: SeenSignatures,
  ) {}

  @Post(':provider')
  @Public()
  @HttpCode(200)
  async reply(@Param('provider') name: string, @Req() request: WithRawBody, @Res() response: Response): Promise<void> {
    const provider = inboundSmsProvider(this.config);
    if (provider.kind === 'none' || provider.kind !== name) {
      response.status(404).json({ error: 'not_found', message: 'No such SMS provider' });
      return;
    }
    const body: unknown = request.body;
    const params =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const base = this.config.PUBLIC_URL ?? `${request.protocol}://${request.get('host') ?? ''}`;
    const signed = inboundSmsSigned(provider, {
      url: `${base}${request.originalUrl}`,
      headers: request.headers,
      rawBody: request.rawBody ?? '',
      params,
      nowMs: this.clock.now(),
    });
    if (!signed.signed) {
      response.status(403).json({ error: 'forbidden', message: 'The request signature is not valid' });
      return;
    }
    const message = inboundSmsMessage(params);
    // a gateway-signed reply is taken once within its window, like a signed ingest payload (one memory for both),
    // remembered by the number it comes from: a number replying without end waits, nobody else does
    const sender = `sms:${message?.from ?? ''}`;
    const replay = signed.replay;
    if (replay) {
      const claim = await this.seen.claim(sender, replay.digest, replay.untilMs, this.clock.now());
      if (claim.kind === 'replayed') {
        response.status(403).json({ error: 'forbidden', message: REPLAYED });
        return;
      }
      if (claim.kind === 'full') {
        response.setHeader('Retry-After', String(claim.retryAfterSeconds));
        response.status(429).json({ error: 'rate_limited', message: FULL(claim.retryAfterSeconds) });
        return;
      }
    }
    let text: string;
    try {
      text = message ? await this.act(message.from, message.text, messageIdOf(provider.kind, params)) : HOW;
    } catch (error) {
      // not acted on: the gateway may send it again as it is
      if (replay) await this.seen.release(sender, replay.digest);
      throw error;
    }
    if (provider.kind === 'twilio')
      response
        .status(200)
        .type('text/xml')
        .send(`<Response><Message>${escapeXml(text)}</Message></Response>`);
    else response.status(200).json({ reply: text });
  }

  private async act(from: string, body: string, messageId: string | null): Promise<string> {
    const reply = parseSmsReply(body);
    if (!reply) return HOW;
    const paged = await alertTimelineView.attemptsTo(this.readStore, from);
    const secret = this.secret.value;
    const entry = paged.find(
      (e) =>
        e.kind === 'notification_attempted' &&
        isPhoneNotificationType(e.channel) &&
        alertShortCode(e.alertId, e.episode, secret) === reply.code,
    );
    if (!entry || entry.kind !== 'notification_attempted')
      return `No alert paged to this number has the code ${reply.code}. ${HOW}`;
    // membership is checked when the reply comes: a person removed since the page acts no more
    if (!(await membershipsView.of(this.readStore, entry.orgId, entry.userId)))
      return `You are no longer a member of the organization of alert ${reply.code}: nothing was changed.`;
    // Twilio signs no time: a captured reply stays valid, so its message id names the command, and a replay of it
    // finds the command applied and changes nothing, however late (the command path reads the whole stream)
    const commandId = messageId ? deterministicId(`sms-reply/${messageId}`) : randomUUID();
    const context = {
      orgId: entry.orgId,
      actorId: entry.userId,
      role: null,
      commandId,
      correlationId: commandId,
      via: 'sms_reply' as const,
    };
    const by = { kind: 'user' as const, userId: entry.userId, via: 'sms_reply' as const };
    const type = reply.action === 'acknowledge' ? ('AcknowledgeAlert' as const) : ('ResolveAlert' as const);
    const at = new Date(this.clock.now()).toISOString();
    try {
      const command = { type, alertId: entry.alertId, orgId: entry.orgId, by, at, episode: entry.episode };
      await this.alerts.run(entry.stream, command, context);
    } catch (error) {
      if (error instanceof DomainError) return `${error.message}. ${smsReplyHint(reply.code)}`;
      throw error;
    }
    return reply.action === 'acknowledge' ? `Acknowledged (${reply.code}).` : `Resolved (${reply.code}).`;
  }
}

/** The provider's own id of an inbound message, where it signs one (Twilio's `MessageSid`), else null. */
function messageIdOf(provider: string, params: Record<string, unknown>): string | null {
  if (provider !== 'twilio') return null;
  const sid = params.MessageSid ?? params.SmsMessageSid ?? params.SmsSid;
  return typeof sid === 'string' && sid !== '' ? `twilio/${sid}` : null;
}
