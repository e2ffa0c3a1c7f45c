import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { retrospectivePath, ViewNames, type Retrospective, type RetrospectiveResponse } from '@tocsin/contracts';

export const retrospectiveKey = (incidentId: string) => viewKey(ViewNames.retrospectives, incidentId);

/** The incident's retrospective, or null when none has started (the incident itself unknown stays an error). */
export const getRetrospective = async (
  incidentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Retrospective | null> => {
  try {
    return (await api.get<RetrospectiveResponse>(retrospectivePath(incidentId), { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.message === 'Retrospective not found') return null;
    throw error;
  }
};

export function useRetrospective(incidentId: string) {
  return useQuery({
    queryKey: retrospectiveKey(incidentId),
    queryFn: ({ signal }) => getRetrospective(incidentId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
