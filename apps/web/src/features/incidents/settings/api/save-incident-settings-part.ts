import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import {
  incidentSettingsPartPath,
  type IncidentSettingsPartName,
  type IncidentSettingsResource,
  type IncidentSettingsResponse,
} from '@tocsin/contracts';
import { incidentSettingsKey } from './get-incident-settings';

/** One part saved whole, from the revision the page read; the answer is the whole settings after it. */
export const saveIncidentSettingsPart = async ({ part, body }: { part: IncidentSettingsPartName; body: object }) =>
  (await api.put<IncidentSettingsResponse>(incidentSettingsPartPath(part), body)).data;

/** A stale save (409) answers with the settings as they are now: the page shows them at once. */
export function useSaveIncidentSettingsPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIncidentSettingsPart,
    onSuccess: (data) => queryClient.setQueryData(incidentSettingsKey(), data),
    onError: (error) => {
      const current =
        error instanceof ApiError && error.status === 409 ? (error.body as { data?: unknown }).data : null;
      if (current) queryClient.setQueryData(incidentSettingsKey(), current as IncidentSettingsResource);
    },
  });
}
