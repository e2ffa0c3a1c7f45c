import { ViewNames } from '@tocsin/contracts';
import type { Team } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { viewKey } from '@/lib/socket';
import { teamQueryKey } from './get-team';

/**
 * After a change: the team the server answered with is shown at once, and every teams query (lists,
 * the menu of my teams, the member picker) is asked again.
 */
export function teamChanged(queryClient: QueryClient, team?: Team): Promise<void> {
  if (team) queryClient.setQueryData(teamQueryKey(team.id), team);
  return queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.teams) });
}
