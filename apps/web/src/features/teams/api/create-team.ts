import type { Team, TeamRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const createTeam = async (body: TeamRequest) => (await api.post<{ data: Team }>('/api/v1/teams', body)).data;

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: (team) => teamChanged(queryClient, team) });
}
