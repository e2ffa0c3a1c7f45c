import { Inject, Injectable } from '@nestjs/common';
import { API_KEY_USE_RESOLUTION_MS } from '@tocsin/domain';
import type { ApiKeyDoc } from '@tocsin/read-models';
import { apiKeyCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CLOCK, LOGGER, type Clock, type Logger } from '../runtime/ports';
import { systemContext } from '../shared/request-context';

/**
 * Last use of each key (time and address), recorded at most once a minute per key: this process skips uses within
 * the minute of the last it recorded (no command per request); the decider drops the rest (other processes).
 */
@Injectable()
export class ApiKeyUses {
  private readonly recorded = new Map<string, number>();

  constructor(
    private readonly commands: Commands,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  record(key: ApiKeyDoc, address: string | null): void {
    const now = this.clock.now();
    const last = Math.max(this.recorded.get(key._id) ?? 0, key.lastUsedAt ? Date.parse(key.lastUsedAt) : 0);
    if (now - last < API_KEY_USE_RESOLUTION_MS) return;
    this.recorded.set(key._id, now);
    const context = { ...systemContext(key.orgId, key.ownerId), apiKeyId: key._id };
    const at = new Date(now).toISOString();
    this.commands
      .run(apiKeyCommand({ type: 'RecordApiKeyUse', keyId: key._id, at, address }, context))
      .catch((error: unknown) => this.logger.warn({ err: error, apiKeyId: key._id }, 'API key use not recorded'));
  }
}
