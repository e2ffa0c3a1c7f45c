import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EventSource, EventSourceChangeRequest, EventSourceWithSecrets, PagePagination } from '@tocsin/contracts';
import { formatDuration, type EventSourceCommand } from '@tocsin/domain';
import { eventSourcesView, type EventSourceDoc } from '@tocsin/read-models';
import { eventSourceCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { RoutingLookup } from '../ingest/routing-lookup';
import { SourceRates } from './source-rates';

/** Event sources: commands (the handler looks the team and policy up, the decider rules) and their reads. */
@Injectable()
export class EventSourcesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly routing: RoutingLookup,
    private readonly rates: SourceRates,
  ) {}

  async run(command: DistributiveOmit<EventSourceCommand, 'orgId'>, context: RequestContext): Promise<void> {
    await this.commands.run(eventSourceCommand(command, context), eventSourcesView.name);
  }

  /** What the decider needs to know of the default team and policy a request names (the current ones for a change). */
  lookups(orgId: string, request: EventSourceChangeRequest, current?: EventSourceDoc) {
    return this.routing.defaultsFound(orgId, request, current);
  }

  async doc(orgId: string, id: string): Promise<EventSourceDoc> {
    const doc = await eventSourcesView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Event source not found' });
    return doc;
  }

  async find(
    orgId: string,
    id: string,
    secrets: Partial<EventSourceWithSecrets> = {},
  ): Promise<EventSourceWithSecrets> {
    return { ...(await this.present(await this.doc(orgId, id))), ...secrets };
  }

  async list(
    orgId: string,
    query: { format?: string; page: number; perPage: number },
  ): Promise<{ data: EventSource[]; pagination: PagePagination }> {
    const { total, docs } = await eventSourcesView.ofOrg(this.store, orgId, query);
    return {
      data: await Promise.all(docs.map((doc) => this.present(doc))),
      pagination: {
        page: query.page,
        per_page: query.perPage,
        total,
        total_pages: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  }

  private async present(doc: EventSourceDoc): Promise<EventSource> {
    const rate = await this.rates.of(doc._id, doc.rateLimitPerMinute);
    return {
      id: doc._id,
      name: doc.name,
      format: doc.format,
      team_id: doc.teamId,
      escalation_policy_id: doc.escalationPolicyId,
      rate_limit_per_minute: doc.rateLimitPerMinute,
      auto_resolve_after: doc.autoResolveMinutes === null ? null : formatDuration(doc.autoResolveMinutes * 60),
      token_hint: doc.tokenHint,
      signed: doc.signingSecret !== null,
      rate: { per_minute: doc.rateLimitPerMinute, current: rate.current, refused_last_hour: rate.refusedLastHour },
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    };
  }
}
