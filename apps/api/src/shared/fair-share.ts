/**
 * Work of several tenants sharing one process, taken in turns: at most `capacity` pieces run at once, and while
 * that many are running, the next slot goes to the tenant whose turn it is (round-robin over the tenants that
 * wait), not to whoever queued first. One tenant's burst then waits behind itself: another tenant's piece waits
 * for one slot, however many the bursting one has queued. Below capacity nothing waits at all.
 */
export class FairShare {
  private running = 0;
  /** Waiting pieces by tenant, each in arrival order; tenants take turns (the first goes next). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly capacity: number) {}

  async run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.capacity) this.running++;
    else
      await new Promise<void>((start) => {
        const queue = this.waiting.get(tenant);
        if (queue) queue.push(start);
        else this.waiting.set(tenant, [start]);
      });
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Pieces waiting for a slot, all tenants together. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  /** A finished piece hands its slot to the next tenant in turn, or frees it. */
  private release(): void {
    for (const [tenant, queue] of this.waiting) {
      this.waiting.delete(tenant);
      const start = queue.shift()!;
      if (queue.length > 0) this.waiting.set(tenant, queue);
      return start();
    }
    this.running--;
  }
}
