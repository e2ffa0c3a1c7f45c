import { onCallScheduleGapsPath, ViewNames, type ScheduleGapsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getScheduleGaps = async (teamId: string, id: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<ScheduleGapsResponse>(onCallScheduleGapsPath(teamId, id), { signal })).data;

/** The stretches with nobody on call over the next 30 days (asked again each few minutes: the window moves). */
export function useScheduleGaps(teamId: string | null, id: string) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'gaps', teamId ?? '', id),
    queryFn: ({ signal }) => getScheduleGaps(teamId!, id, { signal }),
    enabled: teamId !== null,
    refetchInterval: 300_000,
  });
}
