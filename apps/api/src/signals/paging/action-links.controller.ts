import { Controller, Get, Header, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError, verifyAction, type ActionLinkClaims, type ActionLinkRefusal } from '@tocsin/domain';
import { escapeHtml } from '@tocsin/platform';
import { alertTimelineView, membershipsView } from '@tocsin/read-models';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { Public } from '../../access/access.decorators';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { ActionLinkSecret } from './action-link-secret';
import { AlertPaging } from './alert-paging.service';

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} · Tocsin</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

const VERB = { acknowledge: 'Acknowledge', resolve: 'Resolve' } as const;
const DONE = { acknowledge: 'Alert acknowledged', resolve: 'Alert resolved' } as const;
type Refusal = ActionLinkRefusal | 'unknown_alert' | 'not_a_member';
const REFUSED: Record<Refusal, string> = {
  not_a_member:
    'You are no longer a member of the organization this alert belongs to, so this link no longer acts. Nothing was changed.',
  malformed: 'This link is not complete: copy the whole link from the message, or open the alert in Tocsin.',
  bad_signature: 'This link is not valid. Open the alert in Tocsin to act on it.',
  expired: 'This link has expired. Open the alert in Tocsin to act on it.',
  wrong_action: 'This link is for another action. Open the alert in Tocsin to act on it.',
  unknown_alert: 'This link is not valid. Open the alert in Tocsin to act on it.',
};

function refuse(response: Response, reason: Refusal): void {
  response
    .status(reason === 'expired' ? 410 : reason === 'not_a_member' ? 403 : 404)
    .type('html')
    .send(page('Link not valid', `<p>${escapeHtml(REFUSED[reason])}</p>`));
}

/**
 * The signed one-click links of emails, SMS and chat messages (no sign-in). Opening the link (GET) only
 * shows what it will do and a button: mail scanners and link previews fetch GETs, and must never
 * acknowledge a page on the person's behalf. The button POSTs to the same address (an empty form, which
 * the body gate lets through), and that acts as the person the link was sent to (`via: 'link'`). The token
 * is the only proof (libs/domain signals/paging/action-links.ts): signed, expiring, for one alert, one episode, one
 * action and one person; using it twice changes nothing the second time. It acts only while that person is a
 * member of the alert's organization (403 otherwise, as soon as they are removed).
 */
@ApiExcludeController()
@Controller('signals/alerts')
export class ActionLinksController {
  constructor(
    private readonly alerts: AlertPaging,
    private readonly secret: ActionLinkSecret,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get(':id/actions/:token')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async confirm(@Param('id') id: string, @Param('token') token: string, @Res() response: Response): Promise<void> {
    const found = await this.check(id, token);
    if (!found.ok) return refuse(response, found.reason);
    const { claims, entry } = found;
    const summary = entry.kind === 'triggered' ? entry.summary : '';
    const verb = VERB[claims.action];
    const form = `<p>${escapeHtml(summary)}</p><form method="post"><button type="submit">${verb}</button></form>`;
    response
      .status(200)
      .type('html')
      .send(page(`${verb} this alert?`, form));
  }

  @Post(':id/actions/:token')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async act(@Param('id') id: string, @Param('token') token: string, @Res() response: Response): Promise<void> {
    const found = await this.check(id, token);
    if (!found.ok) return refuse(response, found.reason);
    const { claims, entry } = found;
    const by = { kind: 'user' as const, userId: claims.userId, via: 'link' as const };
    const type = claims.action === 'acknowledge' ? ('AcknowledgeAlert' as const) : ('ResolveAlert' as const);
    const at = new Date(this.clock.now()).toISOString();
    const commandId = randomUUID();
    const context = {
      orgId: entry.orgId,
      actorId: claims.userId,
      role: null,
      commandId,
      correlationId: commandId,
      via: 'link' as const,
    };
    try {
      const command = { type, alertId: id, orgId: entry.orgId, by, at, episode: claims.episode };
      await this.alerts.run(entry.stream, command, context);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      response
        .status(409)
        .type('html')
        .send(page('Nothing changed', `<p>${escapeHtml(error.message)}</p>`));
      return;
    }
    response.status(200).type('html').send(page(DONE[claims.action], '<p>You can close this page.</p>'));
  }

  /** The token's claims and the alert's first timeline entry (its stream and organization), or why not. */
  private async check(id: string, token: string) {
    const checked = verifyAction(token, this.secret.value, this.clock.now());
    if (!checked.ok) return { ok: false as const, reason: checked.reason as Refusal };
    const claims: ActionLinkClaims = checked.claims;
    const entry = claims.alertId === id ? await alertTimelineView.firstInAnyOrg(this.readStore, id) : null;
    if (!entry) return { ok: false as const, reason: 'unknown_alert' as Refusal };
    // membership is checked when the link is used: a person removed since sent it is out at once
    if (!(await membershipsView.of(this.readStore, entry.orgId, claims.userId)))
      return { ok: false as const, reason: 'not_a_member' as Refusal };
    return { ok: true as const, claims, entry };
  }
}
