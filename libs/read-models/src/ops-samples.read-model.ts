import type { Filter, ViewDocument, ViewIndex, ViewReader } from './read-model';

/** An organization's counts in one sample: alerts ingested, and first pages per latency bucket. */
export interface OpsOrgCounts {
  orgId: string;
  ingested: number;
  /** Per bucket of the first-page histogram's bounds (libs/platform FIRST_PAGE_BUCKETS), the last above them all. */
  firstPage: number[];
}

/**
 * One process's figures for one interval, written by its sampler (libs/platform `OpsSampler`, which declares the
 * same shape: the platform sits above the read models). Not a view of the log: the processes' own counts, kept
 * about an hour (README, "Ops charts").
 */
export interface OpsSampleDoc extends ViewDocument {
  processId: string;
  role: string;
  /** ISO instant, a whole multiple of `intervalMs` since the epoch. */
  at: string;
  /** The ten minutes `at` falls in (opsSampleBucket): what reads look samples up by, as a list of equal values. */
  bucket: string;
  /** The time the sample's counts cover (0 for a process's first sample). */
  intervalMs: number;
  orgs: OpsOrgCounts[];
  lagEvents: number | null;
  lagSeconds: number | null;
  queues: Array<{ queue: string; depth: number }> | null;
  sockets: number | null;
}

const collection = 'ops_samples';
const indexes: readonly ViewIndex[] = [{ keys: { bucket: 1 } }, { keys: { at: 1 } }];
const BUCKET_MS = 10 * 60_000;
/** Samples dropped with one write at most: a backlog goes over a few samples. */
const EXPIRED_AT_ONCE = 500;
/** How far behind the retention edge each write looks for samples to drop: an hour of missed writes. */
const EXPIRED_BUCKETS = 7;

/** The ten minutes an instant falls in, as the ISO instant they start at. */
export const opsSampleBucket = (at: string | number) =>
  new Date(Math.floor(new Date(at).getTime() / BUCKET_MS) * BUCKET_MS).toISOString();

/** The buckets from `from` back `count` buckets (reads pin these, so an index serves them on either store). */
const bucketsBack = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => opsSampleBucket(from - i * BUCKET_MS));

export const opsSamplesView = {
  collection,
  indexes,
  bucketOf: opsSampleBucket,
  /** Every process's samples from `from` (an ISO instant) to `to`, oldest first. */
  between: async (reader: ViewReader, from: string, to: string) => {
    const count = Math.floor((Date.parse(to) - Date.parse(from)) / BUCKET_MS) + 2;
    const docs = await reader.find<OpsSampleDoc>(
      collection,
      { bucket: { $in: bucketsBack(Date.parse(to), count) } },
      {
        sort: { at: 1 },
      },
    );
    return docs.filter((doc) => doc.at >= from && doc.at <= to);
  },
  /** Ids of samples older than `before` in the hour behind it, a bounded batch. */
  expired: async (reader: Pick<ViewReader, 'find'>, before: string) =>
    (
      await reader.find<OpsSampleDoc>(
        collection,
        { bucket: { $in: bucketsBack(Date.parse(before), EXPIRED_BUCKETS) } },
        { fields: ['at'] },
      )
    )
      .filter((doc) => doc.at < before)
      .slice(0, EXPIRED_AT_ONCE)
      .map((doc) => doc._id),
  /** Ids of every sample older than `before` (a sampler's start: what stopped processes left), a bounded batch. */
  left: async (reader: Pick<ViewReader, 'find'>, before: string) =>
    (
      await reader.find<OpsSampleDoc>(collection, { at: { $lt: before } } satisfies Filter, {
        fields: ['at'],
        limit: EXPIRED_AT_ONCE * 10,
      })
    ).map((doc) => doc._id),
};
