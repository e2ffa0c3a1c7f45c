import { SHIFT_HOURS_API, ViewNames, type ShiftHoursResponse } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getShiftHours = async (window: { from: string; to: string }, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<ShiftHoursResponse>(withQuery(SHIFT_HOURS_API, window), { signal })).data;

/** On-call hours per person over a window; asked again when a schedule changes (an override, a swap). */
export function useShiftHours(window: { from: string; to: string }) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'shift-hours', window),
    queryFn: ({ signal }) => getShiftHours(window, { signal }),
    placeholderData: keepPreviousData,
  });
}
