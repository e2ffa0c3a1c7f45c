import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { INCIDENT_SETTINGS_API, ViewNames, type IncidentSettingsResponse } from '@tocsin/contracts';

export const incidentSettingsKey = () => viewKey(ViewNames.incidentSettings, 'one');

export const getIncidentSettings = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<IncidentSettingsResponse>(INCIDENT_SETTINGS_API, { signal })).data;

/** The organization's incident settings, every part with its revision; refetched as saves land. */
export function useIncidentSettings() {
  return useQuery({ queryKey: incidentSettingsKey(), queryFn: getIncidentSettings });
}
