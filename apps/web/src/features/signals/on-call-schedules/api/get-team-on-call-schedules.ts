import { teamOnCallSchedulesPath, ViewNames, type OnCallSchedulesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getTeamOnCallSchedules = async (teamId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<OnCallSchedulesResponse>(teamOnCallSchedulesPath(teamId), { signal })).data;

/** One team's schedules with who is on call now and next (the team page). */
export function useTeamOnCallSchedules(teamId: string) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'team', teamId),
    queryFn: ({ signal }) => getTeamOnCallSchedules(teamId, { signal }),
    refetchInterval: 60_000,
  });
}
