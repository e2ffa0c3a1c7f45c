import { DEFAULT_INCIDENT_SETTINGS, type IncidentSettings } from '@tocsin/domain';
import type { ViewReader } from '../read-model';

/**
 * An organization's incident settings (issue 21): what it saved, each list falling back to
 * DEFAULT_INCIDENT_SETTINGS until it is changed. Every reader of incident settings goes through `of`.
 *
 * (Until the settings area stores its own view, every organization reads the defaults.)
 */
export const incidentSettingsView = {
  of: async (_reader: ViewReader, _orgId: string): Promise<IncidentSettings> => DEFAULT_INCIDENT_SETTINGS,
};
