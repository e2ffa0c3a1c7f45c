import { teamMembershipPath } from '@tocsin/contracts';
import type { Team, TeamMemberPermissionsRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

const membershipPath = (teamId: string, userId: string) => teamMembershipPath(teamId, userId);

export const updateTeamMember = async ({
  teamId,
  userId,
  ...body
}: TeamMemberPermissionsRequest & { teamId: string; userId: string }) =>
  (await api.patch<{ data: Team }>(membershipPath(teamId, userId), body)).data;

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeamMember, onSuccess: (team) => teamChanged(queryClient, team) });
}
