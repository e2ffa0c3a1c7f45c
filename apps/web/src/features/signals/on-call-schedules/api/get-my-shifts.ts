import { MY_SHIFTS_API, ViewNames, type MyShiftsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getMyShifts = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<MyShiftsResponse>(MY_SHIFTS_API, { signal })).data;

/** The signed-in user's shifts over the next 90 days, on every schedule. */
export function useMyShifts() {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'my-shifts'),
    queryFn: ({ signal }) => getMyShifts({ signal }),
  });
}
