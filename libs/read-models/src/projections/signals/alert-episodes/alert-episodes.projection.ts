import type { AlertEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { alertEpisodeId, alertEpisodesView, type AlertEpisodeDoc } from '../../../signals/alert-episodes.read-model';

/** Each episode of each alert: when it triggered, was first acknowledged and resolved (the alert charts). */
export const alertEpisodesProjection: Projection<AlertEpisodeDoc> = {
  name: alertEpisodesView.name,
  version: 1,
  collection: alertEpisodesView.collection,
  indexes: alertEpisodesView.indexes,
  handles: ['AlertTriggered', 'AlertAcknowledged', 'AlertResolved'],
  documentIds: (event) => {
    const { alertId, episode } = event.data as { alertId: string; episode: number };
    return [alertEpisodeId(alertId, episode)];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as AlertEvent;
    switch (event.type) {
      case 'AlertTriggered': {
        const { alertId, orgId, sourceId, teamId, episode, priority, at } = event.data;
        return {
          _id: alertEpisodeId(alertId, episode),
          orgId,
          alertId,
          episode,
          sourceId,
          teamId,
          priority,
          triggered_at: at,
          acknowledged_at: null,
          resolved_at: null,
        };
      }
      case 'AlertAcknowledged':
        // acknowledged again after a reassignment: the first acknowledgement is the one the chart measures
        return doc && (doc.acknowledged_at ? doc : { ...doc, acknowledged_at: event.data.at });
      case 'AlertResolved':
        return doc && { ...doc, resolved_at: event.data.at };
      default:
        return doc;
    }
  },
};
