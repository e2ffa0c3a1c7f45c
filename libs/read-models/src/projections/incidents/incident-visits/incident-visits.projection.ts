import type { IncidentVisited } from '@tocsin/domain';
import { incidentVisitsView, type IncidentVisitDoc } from '../../../incidents/incident-visits.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

/** Each person's last look at each incident; only ever moves forwards. */
export const incidentVisitsProjection: Projection<IncidentVisitDoc> = {
  name: incidentVisitsView.name,
  version: 1,
  collection: incidentVisitsView.collection,
  indexes: incidentVisitsView.indexes,
  handles: ['IncidentVisited'],
  documentIds: (event) => {
    const { incidentId, userId } = event.data as IncidentVisited['data'];
    return [`${incidentId}/${userId}`];
  },
  evolve(doc, recorded: RecordedEvent) {
    const { incidentId, userId, position } = recorded.data as IncidentVisited['data'];
    if (doc && doc.position >= position) return doc;
    const orgId = recorded.metadata.orgId ?? '';
    return { _id: `${incidentId}/${userId}`, orgId, incidentId, userId, position, at: recorded.metadata.occurredAt };
  },
};
