import type { IncidentSettings } from './model';

/** One part of the settings saved at a time: a list, the severity matrix or the ticketing settings. */
export type IncidentSettingsPart = keyof IncidentSettings;
export const INCIDENT_SETTINGS_PARTS = [
  'severities',
  'priorities',
  'milestones',
  'durations',
  'roles',
  'types',
  'taskLists',
  'statusUpdateTemplates',
  'conditions',
  'audiences',
  'severityMatrix',
  'ticketing',
] as const satisfies readonly IncidentSettingsPart[];

/**
 * A part of an organization's incident settings saved: the whole part after the change, so the settings at any
 * point of the history are a fold of these (no event per item). `revision` is the part's revision after the save
 * (1 for the first save; the defaults are revision 0).
 */
export type IncidentSettingsSaved = {
  [Part in IncidentSettingsPart]: {
    type: 'IncidentSettingsSaved';
    data: { orgId: string; part: Part; value: IncidentSettings[Part]; revision: number };
  };
}[IncidentSettingsPart];

export type IncidentSettingsEvent = IncidentSettingsSaved;

export const incidentSettingsStream = (orgId: string) => `incident-settings-${orgId}`;
