import type { IncidentEvent } from '@tocsin/domain';
import { incidentTasksView, type IncidentTaskDoc } from '../../../incidents/incident-tasks.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

/** Incident tasks across incidents (`/incidents/tasks`): one document per task, gone when it is removed. */
export const incidentTasksProjection: Projection<IncidentTaskDoc> = {
  name: incidentTasksView.name,
  version: 1,
  collection: incidentTasksView.collection,
  indexes: incidentTasksView.indexes,
  handles: ['IncidentTaskAdded', 'IncidentTaskChanged', 'IncidentTaskRemoved'],
  documentIds: (event) => {
    const { incidentId, taskId } = event.data as { incidentId: string; taskId: string };
    return [`${incidentId}/${taskId}`];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as IncidentEvent;
    switch (event.type) {
      case 'IncidentTaskAdded': {
        if (doc) return doc;
        const { incidentId, taskId } = event.data;
        const orgId = recorded.metadata.orgId ?? '';
        return { _id: `${incidentId}/${taskId}`, orgId, ...event.data, position: recorded.position };
      }
      case 'IncidentTaskChanged':
        return doc && { ...doc, ...event.data };
      case 'IncidentTaskRemoved':
        return null;
      default:
        return doc;
    }
  },
};
