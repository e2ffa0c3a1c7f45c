import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/get-me';
import { useTeamOptions } from '@/features/signals/shared/api/get-team-options';
import { useIncidentNamesAnswer } from '../api/get-incident-names';
import { incidentLookup, peopleToName, type IncidentLookup } from './incident-lookup';

/**
 * The one lookup of what incidents carry by id, for every role (a viewer reads neither the settings nor the
 * members, so the names come from the incidents' own names call): severities, priorities, types, milestones,
 * roles, teams, and the people given (those the screen shows).
 */
export function useIncidentNames(userIds: ReadonlyArray<string | null | undefined> = []): IncidentLookup {
  const me = useCurrentUser().user;
  const ids = peopleToName(userIds);
  const answer = useIncidentNamesAnswer(ids);
  const teams = useTeamOptions();
  return useMemo(() => incidentLookup(answer.data, teams.data ?? [], me), [answer.data, teams.data, me]);
}
