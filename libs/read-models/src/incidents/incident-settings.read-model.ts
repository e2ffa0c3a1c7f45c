import { ViewNames } from '@tocsin/contracts';
import { settingsInForce, type IncidentSettings, type IncidentSettingsPart } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** One document per organization that saved a part of its incident settings (`_id` is the organization's id). */
export type IncidentSettingsDoc = ViewDocument & {
  orgId: string;
  /** The parts saved; a part never saved is the default. */
  saved: Partial<IncidentSettings>;
  revisions: Partial<Record<IncidentSettingsPart, number>>;
  updated_at: string;
};

const model = readModel<IncidentSettingsDoc>({
  name: ViewNames.incidentSettings,
  collection: 'incident_settings',
});

/**
 * An organization's incident settings (issue 21): what it saved, each part falling back to
 * DEFAULT_INCIDENT_SETTINGS until it is changed. Every reader of incident settings goes through `of`.
 */
export const incidentSettingsView = {
  ...model,
  doc: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId, orgId }),
  of: async (reader: ViewReader, orgId: string): Promise<IncidentSettings> =>
    settingsInForce((await model.findOne(reader, { _id: orgId, orgId }))?.saved ?? {}),
};
