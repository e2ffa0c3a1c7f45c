import { onCallSchedulePath, ViewNames, type OnCallSchedule } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getOnCallSchedule = async (teamId: string, id: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: OnCallSchedule }>(onCallSchedulePath(teamId, id), { signal })).data;

/** One schedule's rules, overrides and swaps; none asked while its team is unknown. */
export function useOnCallSchedule(teamId: string | null, id: string) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'schedule', teamId ?? '', id),
    queryFn: ({ signal }) => getOnCallSchedule(teamId!, id, { signal }),
    enabled: teamId !== null,
  });
}
