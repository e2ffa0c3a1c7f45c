import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChanged } from './team-cache';

export const removeTeamMember = ({ teamId, userId }: { teamId: string; userId: string }) =>
  api.delete<void>(`/api/v1/teams/${encodeURIComponent(teamId)}/memberships/${encodeURIComponent(userId)}`);

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeamMember, onSuccess: () => teamChanged(queryClient) });
}
