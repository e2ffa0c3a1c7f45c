/** Past this many keys, expired windows are swept, so keys an attacker makes up do not pile up. */
const SWEEP_ABOVE = 10_000;

/**
 * Fixed-window counters in process, on an injected clock. `consume` increments and compares in one
 * synchronous step: nothing else runs in between, so parallel attempts cannot all pass a check.
 */
export class ClockedCounts {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number) {}

  /** Seconds until the window ends when this attempt is beyond `attempts`, else 0. */
  consume(key: string, attempts: number, windowSeconds: number): number {
    const now = this.now();
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.counts.size >= SWEEP_ABOVE) this.sweep(now);
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.counts.set(key, entry);
    }
    entry.count += 1;
    return entry.count > attempts ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }

  refund(key: string): void {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt > this.now() && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
