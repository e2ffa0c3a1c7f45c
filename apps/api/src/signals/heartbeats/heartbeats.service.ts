import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  Heartbeat,
  HeartbeatChangeRequest,
  HeartbeatStatus,
  HeartbeatWithSecrets,
  PagePagination,
} from '@tocsin/contracts';
import {
  alertIdFor,
  DomainError,
  formatDuration,
  HEARTBEAT_ALERT_KEY,
  heartbeatsTooMany,
  type HeartbeatCommand,
} from '@tocsin/domain';
import { heartbeatsView, type HeartbeatDoc } from '@tocsin/read-models';
import { heartbeatCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { RoutingLookup } from '../ingest/routing-lookup';

export const heartbeatStatusOf = (doc: Pick<HeartbeatDoc, 'missedAt' | 'lastBeatAt'>): HeartbeatStatus =>
  doc.missedAt ? 'missed' : doc.lastBeatAt ? 'up' : 'waiting';

/** Heartbeats: commands (the handler looks the team and policy up, the decider rules) and their reads. */
@Injectable()
export class HeartbeatsService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly routing: RoutingLookup,
  ) {}

  async run(command: DistributiveOmit<HeartbeatCommand, 'orgId'>, context: RequestContext) {
    return this.commands.run(heartbeatCommand(command, context), heartbeatsView.name);
  }

  /** Refuses a new heartbeat once the organization keeps the most it may (409; checked before it is made). */
  async ensureRoom(orgId: string): Promise<void> {
    const max = this.config.HEARTBEATS_PER_ORGANIZATION;
    if ((await heartbeatsView.count(this.store, { orgId })) >= max)
      throw new DomainError(heartbeatsTooMany(max), 'conflict');
  }

  lookups(orgId: string, request: HeartbeatChangeRequest, current?: HeartbeatDoc) {
    return this.routing.defaultsFound(orgId, request, current);
  }

  async doc(orgId: string, id: string): Promise<HeartbeatDoc> {
    const doc = await heartbeatsView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Heartbeat not found' });
    return doc;
  }

  async find(orgId: string, id: string, secrets: Partial<HeartbeatWithSecrets> = {}): Promise<HeartbeatWithSecrets> {
    return { ...present(await this.doc(orgId, id)), ...secrets };
  }

  async list(
    orgId: string,
    query: { page: number; perPage: number },
  ): Promise<{ data: Heartbeat[]; pagination: PagePagination }> {
    const { total, docs } = await heartbeatsView.ofOrg(this.store, orgId, query);
    return {
      data: docs.map(present),
      pagination: {
        page: query.page,
        per_page: query.perPage,
        total,
        total_pages: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  }
}

function present(doc: HeartbeatDoc): Heartbeat {
  return {
    id: doc._id,
    name: doc.name,
    team_id: doc.teamId,
    escalation_policy_id: doc.escalationPolicyId,
    interval: formatDuration(doc.intervalMinutes * 60),
    grace_period: formatDuration(doc.graceMinutes * 60),
    token_hint: doc.tokenHint,
    status: heartbeatStatusOf(doc),
    last_beat_at: doc.lastBeatAt,
    due_at: new Date(doc.dueAt).toISOString(),
    missed_at: doc.missedAt,
    alert_id: alertIdFor(doc._id, HEARTBEAT_ALERT_KEY),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
