import type { AlertSuppressed, MaintenanceEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import {
  MAINTENANCE_SUPPRESSED_KEPT,
  maintenancesView,
  type MaintenanceDoc,
} from '../../../incidents/maintenances.read-model';

const timed = <Doc extends Pick<MaintenanceDoc, 'startsAt' | 'endsAt'>>(doc: Doc) => ({
  ...doc,
  startsAtMs: Date.parse(doc.startsAt),
  endsAtMs: Date.parse(doc.endsAt),
});

/**
 * Scheduled maintenances (issue 21), and the alerts each holds: an `AlertSuppressed` names its maintenance, so the
 * release after a cancellation or a change reads them here, in the same view (ordered with the change itself).
 */
export const maintenancesProjection: Projection<MaintenanceDoc> = {
  name: maintenancesView.name,
  version: 1,
  collection: maintenancesView.collection,
  indexes: maintenancesView.indexes,
  handles: [
    'MaintenanceScheduled',
    'MaintenanceChanged',
    'MaintenanceCancelled',
    'MaintenanceEndedEarly',
    'AlertSuppressed',
  ],
  documentIds: (event) => [(event.data as { maintenanceId: string }).maintenanceId],
  evolve(doc, recorded: RecordedEvent) {
    const at = recorded.metadata.occurredAt;
    const position = recorded.position;
    if (recorded.type === 'AlertSuppressed') {
      if (!doc) return null;
      const { alertId, episode, sourceId, service } = recorded.data as AlertSuppressed['data'];
      if (doc.suppressed.some((ref) => ref.alertId === alertId && ref.episode === episode)) return doc;
      const ref = { alertId, episode, stream: recorded.stream, sourceId, ...(service && { service }) };
      const suppressed =
        doc.suppressed.length < MAINTENANCE_SUPPRESSED_KEPT ? [...doc.suppressed, ref] : doc.suppressed;
      return { ...doc, suppressed, suppressedCount: doc.suppressedCount + 1, position };
    }
    const event = { type: recorded.type, data: recorded.data } as MaintenanceEvent;
    switch (event.type) {
      case 'MaintenanceScheduled': {
        const { maintenanceId, orgId, at: createdAt, by: _by, ...settings } = event.data;
        return timed({
          _id: maintenanceId,
          orgId,
          ...settings,
          startsAtMs: 0,
          endsAtMs: 0,
          cancelled: false,
          cancelledAt: null,
          endedEarlyAt: null,
          suppressed: [],
          suppressedCount: 0,
          position,
          created_at: createdAt,
          updated_at: at,
        });
      }
      case 'MaintenanceChanged': {
        const { maintenanceId: _id, at: _at, by: _by, ...settings } = event.data;
        return doc && timed({ ...doc, ...settings, position, updated_at: at });
      }
      case 'MaintenanceCancelled':
        return doc && { ...doc, cancelled: true, cancelledAt: event.data.at, position, updated_at: at };
      case 'MaintenanceEndedEarly':
        return doc && timed({ ...doc, endsAt: event.data.at, endedEarlyAt: event.data.at, position, updated_at: at });
    }
  },
};
