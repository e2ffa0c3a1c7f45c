import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { incidentAsOfPath, type IncidentAsOfResponse } from '@tocsin/contracts';

/** The past does not change: an incident as of a position is fetched once and kept for the session. */
export const incidentAsOfKey = (incidentId: string, position: number) =>
  ['incidents', 'as_of', incidentId, position] as const;

export const getIncidentAsOf = async (
  incidentId: string,
  position: number,
  { signal }: { signal?: AbortSignal } = {},
) => (await api.get<IncidentAsOfResponse>(incidentAsOfPath(incidentId, position), { signal })).data;

const asOfQuery = (incidentId: string, position: number) => ({
  queryKey: incidentAsOfKey(incidentId, position),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getIncidentAsOf(incidentId, position, { signal }),
  staleTime: Infinity,
  gcTime: 30 * 60_000,
  retry: (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 2,
});

/**
 * The incident as it was just after the event at `position` (the step-through view): one step at a time, as the
 * reader moves, with the steps either side fetched ahead so Previous / Next answer at once even for a long log.
 */
export function useIncidentAsOf(incidentId: string, position: number | undefined, neighbours: number[] = []) {
  const queryClient = useQueryClient();
  const ahead = neighbours.join(',');
  useEffect(() => {
    for (const next of ahead ? ahead.split(',').map(Number) : [])
      void queryClient.prefetchQuery(asOfQuery(incidentId, next));
  }, [queryClient, incidentId, ahead]);
  // The step before stays shown while the next one loads, so stepping does not flash.
  return useQuery({
    ...asOfQuery(incidentId, position ?? 0),
    enabled: position !== undefined,
    placeholderData: keepPreviousData,
  });
}
