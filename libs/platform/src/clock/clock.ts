import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The one source of time. Production uses the system clock; tests inject a ManualClock and
 * fast-forward it, so delays, escalations and schedules are tested without sleeping.
 */
/**
 * The first whole multiple of `every` (ms since the epoch) after `instant`: where chained ticks and samples fall, so
 * every process's chain lines up on the same instants (and job ids made from them join).
 */
export const nextWholeMultiple = (instant: number, every: number): number =>
  Math.floor(instant / every) * every + every;

export interface Clock {
  now(): number;
  /** Calls `fn` once when the clock reaches `at` (epoch ms). Returns a cancel function. */
  schedule(at: number, fn: () => void): () => void;
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  schedule(at: number, fn: () => void): () => void {
    // setTimeout caps at 2^31-1 ms; re-arm for very long delays.
    const max = 2_147_483_647;
    let handle: NodeJS.Timeout;
    const arm = () => {
      const wait = at - Date.now();
      handle = setTimeout(wait > max ? arm : fn, Math.max(0, Math.min(wait, max)));
    };
    arm();
    return () => clearTimeout(handle);
  }
}

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that only moves when told to. Timers fire in due order during `advance`. */
export class ManualClock implements Clock {
  private pending: Pending[] = [];
  private seq = 0;
  private listeners: Array<(now: number) => void | Promise<void>> = [];

  constructor(private current = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  schedule(at: number, fn: () => void): () => void {
    const entry = { at, seq: this.seq++, fn };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((p) => p !== entry);
    };
  }

  /** Adapters that keep timers elsewhere (e.g. BullMQ's delayed set) listen to clock moves. */
  onAdvance(listener: (now: number) => void | Promise<void>): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  async advance(ms: number): Promise<void> {
    await this.set(this.current + ms);
  }

  async set(to: number): Promise<void> {
    for (;;) {
      const due = this.pending.filter((p) => p.at <= to).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
      // let the work the timer started run before the next one fires
      await nextTurn();
    }
    this.current = Math.max(this.current, to);
    for (const listener of this.listeners) await listener(this.current);
  }
}
