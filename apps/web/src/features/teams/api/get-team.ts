import { ViewNames, teamPath } from '@tocsin/contracts';
import type { Team } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const teamQueryKey = (teamId: string) => viewKey(ViewNames.teams, 'one', teamId);

export const getTeam = async (teamId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: Team }>(teamPath(teamId), { signal })).data;

export function useTeam(teamId: string) {
  return useQuery({ queryKey: teamQueryKey(teamId), queryFn: ({ signal }) => getTeam(teamId, { signal }) });
}
