/**
 * Work on one stream, one piece after the other, in this process: a command waits for the previous command on
 * its stream to be appended before it reads, so commands made here never race each other for the expected
 * revision (a burst of one alert's payloads is decided in arrival order instead of failing into retries).
 * Streams are independent: work on others runs alongside. A stream's entry goes once its queue is empty.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(stream) ?? Promise.resolve();
    // the next one starts whatever became of this one (its caller sees the error)
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(stream, tail);
    void tail.then(() => {
      if (this.tails.get(stream) === tail) this.tails.delete(stream);
    });
    return result;
  }

  /** Streams with work queued or running. */
  get size(): number {
    return this.tails.size;
  }
}
