import { DEFAULT_INCIDENT_SETTINGS } from './defaults';
import type { IncidentSettingsEvent, IncidentSettingsPart } from './events';
import type { IncidentSettings } from './model';

/** What an organization saved, part by part (a part never saved is the default), and each part's revision. */
export interface IncidentSettingsState {
  orgId: string | null;
  saved: Partial<IncidentSettings>;
  revisions: Partial<Record<IncidentSettingsPart, number>>;
}

export const initialIncidentSettings = (): IncidentSettingsState => ({ orgId: null, saved: {}, revisions: {} });

/** The settings in force: each part saved, or its default. */
export const settingsInForce = (saved: Partial<IncidentSettings>): IncidentSettings =>
  ({ ...DEFAULT_INCIDENT_SETTINGS, ...saved }) as IncidentSettings;

export function evolveIncidentSettings(
  state: IncidentSettingsState,
  event: IncidentSettingsEvent,
): IncidentSettingsState {
  const { orgId, part, value, revision } = event.data;
  return {
    orgId,
    saved: { ...state.saved, [part]: value },
    revisions: { ...state.revisions, [part]: revision },
  };
}
