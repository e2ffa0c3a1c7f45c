import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ViewNames,
  type PagePagination,
  type WebhookDeliveriesResponse,
  type WebhookEventsResponse,
  type WebhookTarget,
  type WebhookTargetChangeRequest,
  type WebhookTargetWithSecret,
  type WebhookEventBody,
} from '@tocsin/contracts';
import { WEBHOOK_TARGET_NOT_FOUND, type WebhookTargetCommand } from '@tocsin/domain';
import { egressRefusal } from '@tocsin/platform';
import {
  teamsView,
  webhookDeliveriesView,
  webhookEventsView,
  webhookTargetsView,
  type WebhookTargetDoc,
} from '@tocsin/read-models';
import { webhookTargetCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

const pagination = (page: number, perPage: number, total: number): PagePagination => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

/** Webhook targets: commands (the service looks teams and the URL up, the decider rules) and their reads. */
@Injectable()
export class WebhookTargetsService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async run(command: DistributiveOmit<WebhookTargetCommand, 'orgId'>, context: RequestContext) {
    return this.commands.run(webhookTargetCommand(command, context), ViewNames.webhookTargets);
  }

  /**
   * What the decider needs to know of a request: the teams that are not the organization's, and what the egress
   * guard says of the URL (a private address is refused unless the operator allows them, as tests do).
   */
  async checks(orgId: string, request: WebhookTargetChangeRequest) {
    const allowPrivate = this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES;
    const teamIds = Array.isArray(request.team_ids) ? request.team_ids : [];
    const found = await Promise.all(teamIds.map((id) => teamsView.byId(this.store, orgId, id)));
    return {
      unknownTeamIds: teamIds.filter((_, i) => !found[i]),
      urlProblem: typeof request.url === 'string' ? await egressRefusal(request.url.trim(), { allowPrivate }) : null,
      httpAllowed: allowPrivate,
    };
  }

  async doc(orgId: string, id: string): Promise<WebhookTargetDoc> {
    const doc = await webhookTargetsView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: WEBHOOK_TARGET_NOT_FOUND });
    return doc;
  }

  async find(orgId: string, id: string, secret?: string): Promise<WebhookTargetWithSecret> {
    return { ...present(await this.doc(orgId, id)), ...(secret && { secret }) };
  }

  async list(
    orgId: string,
    page: number,
    perPage: number,
  ): Promise<{ data: WebhookTarget[]; pagination: PagePagination }> {
    const { total, docs } = await webhookTargetsView.page(this.store, orgId, page, perPage);
    return { data: docs.map(present), pagination: pagination(page, perPage, total) };
  }

  async deliveries(orgId: string, id: string, page: number, perPage: number): Promise<WebhookDeliveriesResponse> {
    await this.doc(orgId, id);
    const { total, docs } = await webhookDeliveriesView.page(this.store, orgId, id, page, perPage);
    return {
      data: docs.map((doc) => ({
        id: doc._id,
        event_id: doc.eventId,
        event_type: doc.eventType,
        round: doc.round,
        attempt: doc.attempt,
        at: doc.at,
        duration_ms: doc.durationMs,
        status_code: doc.statusCode,
        ok: doc.ok,
        error: doc.error,
      })),
      pagination: pagination(page, perPage, total),
    };
  }

  /**
   * The events the target is sent after `after`, in log order: the dispatcher writes them with its checkpoint,
   * so what is here is a prefix of the log and asking again from `next_after` misses nothing and repeats nothing.
   */
  async eventsAfter(target: WebhookTargetDoc, after: number, limit: number): Promise<WebhookEventsResponse> {
    const docs = await webhookEventsView.after(this.store, {
      orgId: target.orgId,
      after: Math.max(after, target.since),
      types: target.eventTypes,
      teamIds: target.teamIds,
      limit: limit + 1,
    });
    const page = docs.slice(0, limit);
    return {
      data: page.map((doc) => doc.payload as unknown as WebhookEventBody),
      next_after: page.length > 0 ? String(page[page.length - 1].position) : String(Math.max(after, target.since)),
      has_more: docs.length > limit,
    };
  }
}

export function present(doc: WebhookTargetDoc): WebhookTarget {
  return {
    id: doc._id,
    name: doc.name,
    url: doc.url,
    event_types: doc.eventTypes,
    team_ids: doc.teamIds,
    status: doc.status,
    consecutive_failures: doc.failures,
    failing_since: doc.failingSince,
    paused_at: doc.pausedAt,
    secret_hint: doc.secretHint,
    rotating: doc.previousSecret !== null,
    since_event_id: String(doc.since),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
