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
 * here is never newer than what the log holds. Bounded: the least recently used stream goes first.
 */
export class StreamStates {
  private readonly known = new Map<string, KnownState>();

  constructor(private readonly capacity = 10_000) {}

  /** The state folded by `decider` for `stream`, if this process has one. */
  get(stream: string, decider: object): KnownState | undefined {
    const known = this.known.get(stream);
    if (!known || known.decider !== decider) return undefined;
    // most recently used last: Map keeps insertion order
    this.known.delete(stream);
    this.known.set(stream, known);
    return known;
  }

  /** Keeps `state` as the stream's at `revision`, unless a later one is known already. */
  set(stream: string, decider: object, revision: number, state: unknown): void {
    const known = this.known.get(stream);
    if (known && known.decider === decider && known.revision >= revision) return;
    this.known.delete(stream);
    this.known.set(stream, { decider, revision, state });
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value!);
  }

  get size(): number {
    return this.known.size;
  }
}
