import { Inject, Injectable } from '@nestjs/common';
import type { AlertChartBucket, AlertCount, AlertVisualization, AlertVolumeBucket } from '@tocsin/contracts';
import { DomainError } from '@tocsin/domain';
import {
  ALERT_EPISODES_READ_LIMIT,
  alertEpisodesView,
  eventSourcesView,
  teamsView,
  type AlertEpisodeDoc,
} from '@tocsin/read-models';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BUCKET_MS: Record<AlertChartBucket, number> = { PT1H: HOUR_MS, P1D: DAY_MS };
/** The longest window the charts take, and the most buckets one answer holds. */
export const MAX_WINDOW_DAYS = 92;
const MAX_BUCKETS = 24 * 31;
const NOISIEST = 10;

export interface ChartWindow {
  from?: string;
  to?: string;
  bucket?: AlertChartBucket;
  teamId?: string;
  sourceId?: string;
  /** Name the sources (the caller may read event sources); their ids otherwise. */
  nameSources: boolean;
}

const invalid = (field: string, message: string) => new DomainError(message, 'invalid', { [field]: [message] });

/** `PT1H2M3S` from seconds (whole seconds), as the API answers durations. */
export function isoSeconds(total: number): string {
  const seconds = Math.round(total);
  if (seconds === 0) return 'PT0S';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function quantile(sorted: number[], share: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/**
 * The alert charts (`/signals/alert_visualization`, `/analytics/alerts`): every episode triggered in a window,
 * counted by time bucket (UTC hours or days) and priority, by source and team, the noisiest sources, and the time
 * to the first acknowledgement. Read from the alert-episodes view by its (organization, trigger time) index.
 */
@Injectable()
export class AlertVisualizationQueries {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async figures(orgId: string, window: ChartWindow): Promise<AlertVisualization> {
    const to = window.to ? Date.parse(window.to) : this.clock.now();
    const from = window.from ? Date.parse(window.from) : to - 7 * DAY_MS;
    if (!(from < to)) throw invalid('from', 'from must be before to');
    if (to - from > MAX_WINDOW_DAYS * DAY_MS)
      throw invalid('from', `The window must be at most ${MAX_WINDOW_DAYS} days long`);
    const bucket: AlertChartBucket = window.bucket ?? (to - from <= 2 * DAY_MS ? 'PT1H' : 'P1D');
    const size = BUCKET_MS[bucket];
    const first = Math.floor(from / size) * size;
    const count = Math.ceil((to - first) / size);
    if (count > MAX_BUCKETS)
      throw invalid(
        'bucket',
        `bucket ${bucket} gives ${count} buckets for this window: at most ${MAX_BUCKETS} (use P1D)`,
      );
    const episodes = await alertEpisodesView.triggeredBetween(
      this.store,
      orgId,
      {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        teamId: window.teamId,
        sourceId: window.sourceId,
      },
      ALERT_EPISODES_READ_LIMIT + 1,
    );
    if (episodes.length > ALERT_EPISODES_READ_LIMIT)
      throw invalid('from', `More than ${ALERT_EPISODES_READ_LIMIT} alerts in this window: choose a shorter one`);

    const volume: AlertVolumeBucket[] = Array.from({ length: count }, (_, i) => ({
      start: new Date(first + i * size).toISOString(),
      total: 0,
      high: 0,
      medium: 0,
      low: 0,
    }));
    const ackSeconds: number[][] = volume.map(() => []);
    const all: number[] = [];
    const bySource = new Map<string, number>();
    const byTeam = new Map<string, number>();
    for (const episode of episodes) {
      const index = Math.floor((Date.parse(episode.triggered_at) - first) / size);
      const slot = volume[index];
      if (!slot) continue;
      slot.total++;
      slot[episode.priority.toLowerCase() as 'high' | 'medium' | 'low']++;
      bySource.set(episode.sourceId, (bySource.get(episode.sourceId) ?? 0) + 1);
      byTeam.set(episode.teamId, (byTeam.get(episode.teamId) ?? 0) + 1);
      const waited = acknowledgedAfter(episode);
      if (waited !== null) {
        ackSeconds[index].push(waited);
        all.push(waited);
      }
    }
    all.sort((a, b) => a - b);
    const median = quantile(all, 0.5);
    const p90 = quantile(all, 0.9);
    const sources = await this.named(bySource, (id) => this.sourceName(orgId, id, window.nameSources));
    const teams = await this.named(byTeam, async (id) => (await teamsView.byId(this.store, orgId, id))?.name ?? id);
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      bucket,
      total: episodes.length,
      volume,
      by_source: sources,
      by_team: teams,
      noisiest_sources: sources.slice(0, NOISIEST),
      time_to_acknowledge: {
        acknowledged: all.length,
        unacknowledged: episodes.length - all.length,
        median: median === null ? null : isoSeconds(median),
        p90: p90 === null ? null : isoSeconds(p90),
      },
      time_to_acknowledge_series: volume.map((slot, i) => {
        const sorted = ackSeconds[i].sort((a, b) => a - b);
        const middle = quantile(sorted, 0.5);
        return {
          start: slot.start,
          acknowledged: sorted.length,
          median_seconds: middle === null ? null : Math.round(middle),
        };
      }),
    };
  }

  private async sourceName(orgId: string, id: string, named: boolean): Promise<string> {
    if (!named) return id;
    return (await eventSourcesView.find(this.store, orgId, id))?.name ?? id;
  }

  /** Most first, then by name. */
  private async named(counts: Map<string, number>, nameOf: (id: string) => Promise<string>): Promise<AlertCount[]> {
    const named = await Promise.all([...counts].map(async ([id, count]) => ({ id, name: await nameOf(id), count })));
    return named.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }
}

/** Seconds from trigger to the first acknowledgement, or null when the episode was not acknowledged. */
function acknowledgedAfter(episode: AlertEpisodeDoc): number | null {
  if (!episode.acknowledged_at) return null;
  return Math.max(0, (Date.parse(episode.acknowledged_at) - Date.parse(episode.triggered_at)) / 1000);
}
