import { ViewNames, teamPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { teamQueryKey } from './get-team';

export const deleteTeam = (teamId: string) => api.delete<void>(teamPath(teamId));

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_, teamId) => {
      // the gone team is not asked for again while its page is still leaving: it would only answer 404
      const gone = JSON.stringify(teamQueryKey(teamId));
      return queryClient.invalidateQueries({
        queryKey: viewKey(ViewNames.teams),
        predicate: (query) => JSON.stringify(query.queryKey) !== gone,
      });
    },
  });
}
