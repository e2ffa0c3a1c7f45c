import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ApiKey, ApiKeyStatus, PagePagination } from '@tocsin/contracts';
import { API_KEY_MESSAGES, type ApiKeyCommand } from '@tocsin/domain';
import { apiKeysView, usersView, type ApiKeyDoc } from '@tocsin/read-models';
import { apiKeyCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import type { DistributiveOmit } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';

export function apiKeyStatusOf(doc: ApiKeyDoc, now: number): ApiKeyStatus {
  if (doc.revokedAt !== null) return 'revoked';
  if (doc.expiresAt !== null && Date.parse(doc.expiresAt) <= now) return 'expired';
  if (doc.previousValidUntil !== null && Date.parse(doc.previousValidUntil) > now) return 'rotating';
  return 'active';
}

/** API keys: commands and their reads (the secret is never read back: only its hash is kept). */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  run(command: DistributiveOmit<ApiKeyCommand, 'orgId'>, context: RequestContext) {
    return this.commands.run(apiKeyCommand(command, context), apiKeysView.name);
  }

  async find(orgId: string, id: string): Promise<ApiKey> {
    const doc = await apiKeysView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: API_KEY_MESSAGES.notFound });
    return (await this.present([doc]))[0];
  }

  async list(
    orgId: string,
    query: { page: number; perPage: number },
  ): Promise<{ data: ApiKey[]; pagination: PagePagination }> {
    const { total, docs } = await apiKeysView.ofOrg(this.store, orgId, query);
    return {
      data: await this.present(docs),
      pagination: {
        page: query.page,
        per_page: query.perPage,
        total,
        total_pages: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  }

  private async present(docs: ApiKeyDoc[]): Promise<ApiKey[]> {
    const owners = new Map(
      (await usersView.byIds(this.store, [...new Set(docs.map((d) => d.ownerId))])).map((u) => [u._id, u]),
    );
    const now = this.clock.now();
    return docs.map((doc) => {
      const owner = owners.get(doc.ownerId);
      return {
        id: doc._id,
        name: doc.name,
        owner: { id: doc.ownerId, name: owner?.name ?? null, email: owner?.email ?? null },
        scopes: doc.scopes,
        team_id: doc.teamId,
        expires_at: doc.expiresAt,
        secret_hint: doc.secretHint,
        previous_valid_until: doc.previousValidUntil,
        revoked_at: doc.revokedAt,
        last_used_at: doc.lastUsedAt,
        last_used_address: doc.lastUsedAddress,
        status: apiKeyStatusOf(doc, now),
        created_at: doc.created_at,
      };
    });
  }
}
