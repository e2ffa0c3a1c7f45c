import { useTeamOptions } from '../api/get-team-options';

/** id -> name, so rows can say a team's name when they carry only its id. */
export function useTeamNames(): Map<string, string> {
  const teams = useTeamOptions();
  return new Map((teams.data ?? []).map((team) => [team.id, team.name]));
}
