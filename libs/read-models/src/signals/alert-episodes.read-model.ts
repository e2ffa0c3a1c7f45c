import { ViewNames } from '@tocsin/contracts';
import type { Priority } from '@tocsin/domain';
import { readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/**
 * One document per episode of an alert (an alert firing again is a new episode): what the alert charts count.
 * The alerts view keeps only each alert's last episode, so it cannot tell how often an alert fired.
 */
export interface AlertEpisodeDoc extends ViewDocument {
  orgId: string;
  alertId: string;
  episode: number;
  sourceId: string;
  teamId: string;
  priority: Priority;
  triggered_at: string;
  /** The first acknowledgement of the episode. */
  acknowledged_at: string | null;
  resolved_at: string | null;
}

const model = readModel<AlertEpisodeDoc>({
  name: ViewNames.alertEpisodes,
  collection: 'alert_episodes',
  indexes: [{ keys: { orgId: 1, triggered_at: 1 } }],
});

export const alertEpisodeId = (alertId: string, episode: number) => `${alertId}/${episode}`;

/** The most episodes one chart reads: a window beyond it is refused (ask for a shorter one). */
export const ALERT_EPISODES_READ_LIMIT = 200_000;

export const alertEpisodesView = {
  ...model,
  /** The organization's episodes triggered in [from, to), oldest first, at most `limit`. */
  triggeredBetween: (
    reader: ViewReader,
    orgId: string,
    window: { from: string; to: string; teamId?: string; sourceId?: string },
    limit: number,
  ) => {
    const filter: Filter = { orgId, triggered_at: { $gte: window.from, $lt: window.to } };
    if (window.teamId) filter.teamId = window.teamId;
    if (window.sourceId) filter.sourceId = window.sourceId;
    return model.find(reader, filter, { sort: { triggered_at: 1 }, limit });
  },
};
