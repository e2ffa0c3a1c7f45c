import { teamMembershipPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const removeTeamMember = ({ teamId, userId }: { teamId: string; userId: string }) =>
  api.delete<void>(teamMembershipPath(teamId, userId));

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeamMember, onSuccess: () => teamChanged(queryClient) });
}
