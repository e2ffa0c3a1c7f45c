import { performance } from 'node:perf_hooks';

export interface FairShareOptions {
  /** Pieces running at once, all tenants together. */
  capacity: number;
  /**
   * Pieces of one tenant running at once while another tenant has work too (running, waiting, or finished within
   * `recentMs`). Alone, a tenant may use the whole capacity: the ceiling costs throughput only when it buys fairness.
   */
  perTenant?: number;
  /** How long a tenant counts as present after its last piece (so a steady sender between two pieces still counts). */
  recentMs?: number;
}

/**
 * Work of several tenants sharing one process, taken in turns: at most `capacity` pieces run at once, and while
 * several tenants have work, at most `perTenant` of one tenant's. A piece beyond either bound waits; when room frees,
 * it goes to the tenant whose turn it is (round-robin over the tenants that wait and are under their ceiling), not
 * to whoever queued first. One tenant's burst then waits behind itself: it holds few of the process's turns while
 * others are present, so another tenant's piece starts at once and runs beside few of the burst's.
 */
export class FairShare {
  private readonly capacity: number;
  private readonly perTenant: number;
  private readonly recentMs: number;
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  /** When each tenant last had a piece start or finish (present for `recentMs` after). */
  private readonly lastSeen = new Map<string, number>();
  /** Waiting pieces by tenant, each in arrival order; tenants take turns (the first goes next). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(options: FairShareOptions | number) {
    const {
      capacity,
      perTenant = capacity,
      recentMs = 1000,
    } = typeof options === 'number' ? { capacity: options } : options;
    this.capacity = capacity;
    this.perTenant = perTenant;
    this.recentMs = recentMs;
  }

  async run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    if (!this.waiting.has(tenant) && this.mayStart(tenant, performance.now())) this.start(tenant);
    else
      await new Promise<void>((start) => {
        const queue = this.waiting.get(tenant);
        if (queue) queue.push(start);
        else this.waiting.set(tenant, [start]);
      });
    try {
      return await work();
    } finally {
      this.release(tenant);
    }
  }

  /** Pieces waiting for a slot, all tenants together. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private runningOf(tenant: string): number {
    return this.runningBy.get(tenant) ?? 0;
  }

  /** Another tenant is running, waiting, or was seen within `recentMs` (entries older than that are dropped). */
  private othersPresent(tenant: string, now: number): boolean {
    for (const other of this.waiting.keys()) if (other !== tenant) return true;
    for (const other of this.runningBy.keys()) if (other !== tenant) return true;
    let present = false;
    for (const [other, seen] of this.lastSeen) {
      if (other === tenant) continue;
      if (now - seen < this.recentMs) present = true;
      else this.lastSeen.delete(other);
    }
    return present;
  }

  private mayStart(tenant: string, now: number): boolean {
    if (this.running >= this.capacity) return false;
    return this.runningOf(tenant) < this.perTenant || !this.othersPresent(tenant, now);
  }

  private start(tenant: string): void {
    this.running++;
    this.runningBy.set(tenant, this.runningOf(tenant) + 1);
    this.lastSeen.set(tenant, performance.now());
  }

  /** A finished piece frees its slot; the waiting tenants take what room there is, in turns. */
  private release(tenant: string): void {
    this.running--;
    const left = this.runningOf(tenant) - 1;
    if (left > 0) this.runningBy.set(tenant, left);
    else this.runningBy.delete(tenant);
    const now = performance.now();
    this.lastSeen.set(tenant, now);
    for (let started = true; started && this.running < this.capacity;) {
      started = false;
      for (const [next, queue] of this.waiting) {
        if (!this.mayStart(next, now)) continue;
        // the tenant goes to the back of the turns
        this.waiting.delete(next);
        const begin = queue.shift()!;
        if (queue.length > 0) this.waiting.set(next, queue);
        this.start(next);
        begin();
        started = true;
        break;
      }
    }
  }
}
