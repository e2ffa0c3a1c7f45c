import { teamMembershipsPath } from '@tocsin/contracts';
import type { Team, TeamMembershipRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const addTeamMember = async ({ teamId, ...body }: TeamMembershipRequest & { teamId: string }) =>
  (await api.post<{ data: Team }>(teamMembershipsPath(teamId), body)).data;

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTeamMember, onSuccess: (team) => teamChanged(queryClient, team) });
}
