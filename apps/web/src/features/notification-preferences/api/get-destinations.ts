import { NOTIFICATION_DESTINATIONS_API } from '@tocsin/contracts';
import type { DestinationOption } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const destinationsQueryKey = ['signals', 'destinations'] as const;

export const getDestinations = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: DestinationOption[] }>(NOTIFICATION_DESTINATIONS_API, { signal })).data;

/** A phone verified in another tab shows up on the next focus or visit: destinations are never trusted stale. */
export function useDestinations() {
  return useQuery({ queryKey: destinationsQueryKey, queryFn: getDestinations, staleTime: 0 });
}
