import type { IncidentSettingsEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { incidentSettingsView, type IncidentSettingsDoc } from '../../../incidents/incident-settings.read-model';

/** Each save replaces its part whole: the document is the fold of the organization's saves. */
export const incidentSettingsProjection: Projection<IncidentSettingsDoc> = {
  name: incidentSettingsView.name,
  version: 1,
  collection: incidentSettingsView.collection,
  indexes: incidentSettingsView.indexes,
  handles: ['IncidentSettingsSaved'],
  documentIds: (event) => [(event.data as { orgId: string }).orgId],
  evolve(doc, recorded: RecordedEvent) {
    const { orgId, part, value, revision } = (recorded as unknown as IncidentSettingsEvent).data;
    return {
      _id: orgId,
      orgId,
      saved: { ...doc?.saved, [part]: value },
      revisions: { ...doc?.revisions, [part]: revision },
      updated_at: recorded.metadata.occurredAt,
    };
  },
};
