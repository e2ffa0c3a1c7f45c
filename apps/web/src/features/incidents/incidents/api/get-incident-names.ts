import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { INCIDENT_NAMES_API, ViewNames, type IncidentNamesResponse } from '@tocsin/contracts';

/** Under the settings' view: a saved rename reads the names again. */
export const incidentNamesKey = (userIds: readonly string[]) =>
  viewKey(ViewNames.incidentSettings, 'names', userIds.join(','));

export const getIncidentNames = async (userIds: readonly string[], { signal }: { signal?: AbortSignal } = {}) =>
  (
    await api.get<IncidentNamesResponse>(withQuery(INCIDENT_NAMES_API, { user_ids: userIds.join(',') || undefined }), {
      signal,
    })
  ).data;

/**
 * The settings' names and these members' names (every role may ask). `userIds` sorted and unique, so one set of
 * people is one query; the names before stay shown while another set loads.
 */
export function useIncidentNamesAnswer(userIds: readonly string[]) {
  return useQuery({
    queryKey: incidentNamesKey(userIds),
    queryFn: ({ signal }) => getIncidentNames(userIds, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
