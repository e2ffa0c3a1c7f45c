import { teamPath } from '@tocsin/contracts';
import type { Team, TeamChangeRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const updateTeam = async ({ teamId, ...body }: TeamChangeRequest & { teamId: string }) =>
  (await api.patch<{ data: Team }>(teamPath(teamId), body)).data;

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeam, onSuccess: (team) => teamChanged(queryClient, team) });
}
