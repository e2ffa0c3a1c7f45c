import { ON_CALL_SCHEDULES_API, ViewNames, type OnCallSchedulesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getOnCallSchedules = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<OnCallSchedulesResponse>(ON_CALL_SCHEDULES_API, { signal })).data;

/** The organization's schedules with who is on call now and next: live, and asked again each minute (now moves). */
export function useOnCallSchedules() {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'organization'),
    queryFn: ({ signal }) => getOnCallSchedules({ signal }),
    refetchInterval: 60_000,
  });
}
