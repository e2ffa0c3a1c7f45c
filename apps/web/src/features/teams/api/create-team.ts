import { TEAMS_API } from '@tocsin/contracts';
import type { Team, TeamRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const createTeam = async (body: TeamRequest) => (await api.post<{ data: Team }>(TEAMS_API, body)).data;

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: (team) => teamChanged(queryClient, team) });
}
