import type Redis from 'ioredis';

/** What the callback needs of a sign-in it started: kept server-side, keyed by the `state` sent to the provider. */
export interface SsoFlow {
  organizationId: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
}

/**
 * Sign-ins on their way through the identity provider: Redis when configured (any api node may get the
 * callback), in process otherwise. Each is taken once: a replayed callback finds nothing.
 */
export class SsoFlowStore {
  private readonly flows = new Map<string, SsoFlow>();

  constructor(
    private readonly redis: Redis | null,
    private readonly now: () => number,
  ) {}

  async put(state: string, flow: SsoFlow): Promise<void> {
    if (this.redis) {
      await this.redis.set(
        `tocsin:sso-flow:${state}`,
        JSON.stringify(flow),
        'PX',
        Math.max(flow.expiresAt - this.now(), 1),
      );
      return;
    }
    for (const [key, old] of this.flows) if (old.expiresAt <= this.now()) this.flows.delete(key);
    this.flows.set(state, flow);
  }

  /** The flow, removed; null when unknown or already taken. Expiry is the caller's to judge (by the clock). */
  async take(state: string): Promise<SsoFlow | null> {
    if (this.redis) {
      const raw = await this.redis.getdel(`tocsin:sso-flow:${state}`);
      return raw ? (JSON.parse(raw) as SsoFlow) : null;
    }
    const flow = this.flows.get(state) ?? null;
    this.flows.delete(state);
    return flow;
  }
}
