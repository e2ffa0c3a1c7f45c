/** What a stream's decider knew after the event at `revision`. */
export interface KnownState {
  decider: object;
  revision: number;
  state: unknown;
}

/**
 * The command path's memory of streams it decided on lately: each one's folded state and the revision it is
 * folded to, so the next command on the stream reads only the events after it (from this process or any other)
 * instead of the whole stream. An alert a noisy tool repeats every few seconds has a stream that grows by one
 * event per repeat, and reading it whole for every repeat made each one slower than the last.
 *
 * Only a cache: the log stays the truth, every decision still appends with the expected revision, and a state
 * here is never newer than what the log holds. Bounded per decider, the least recently used stream going first:
 * one kind of stream in great numbers (thousands of heartbeats, each pinged every minute) does not push another's
 * (the alerts being paged) out, nor the other way round.
 */
export class StreamStates {
  private readonly byDecider = new Map<object, Map<string, KnownState>>();

  constructor(private readonly capacity = 10_000) {}

  /** The state folded by `decider` for `stream`, if this process has one. */
  get(stream: string, decider: object): KnownState | undefined {
    const known = this.byDecider.get(decider);
    const found = known?.get(stream);
    if (!known || !found) return undefined;
    // most recently used last: Map keeps insertion order
    known.delete(stream);
    known.set(stream, found);
    return found;
  }

  /** Keeps `state` as the stream's at `revision`, unless a later one is known already. */
  set(stream: string, decider: object, revision: number, state: unknown): void {
    let known = this.byDecider.get(decider);
    if (!known) this.byDecider.set(decider, (known = new Map()));
    const before = known.get(stream);
    if (before && before.revision >= revision) return;
    known.delete(stream);
    known.set(stream, { decider, revision, state });
    if (known.size > this.capacity) known.delete(known.keys().next().value!);
  }

  get size(): number {
    let total = 0;
    for (const known of this.byDecider.values()) total += known.size;
    return total;
  }
}
