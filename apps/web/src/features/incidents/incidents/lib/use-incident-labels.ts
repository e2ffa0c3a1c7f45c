import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/lib/get-me';
import { getIncidentSettings, incidentSettingsKey } from '../../settings/api/get-incident-settings';
import { useTeamOptions } from '../../../signals/shared/api/get-team-options';

/**
 * Names for what incidents carry by id: severities, priorities and types from the incident settings (read by
 * those who may read them: read_incident_settings; the others see the ids), teams, and people through the teams'
 * members (every role may read teams; not every role may list users).
 */
export function useIncidentLabels() {
  const me = useCurrentUser();
  const maySeeSettings = me.permissions.includes('read_incident_settings');
  const settings = useQuery({
    queryKey: incidentSettingsKey(),
    queryFn: getIncidentSettings,
    enabled: maySeeSettings,
  });
  const teams = useTeamOptions();
  const people = new Map<string, string>();
  for (const team of teams.data ?? [])
    for (const { user } of team.memberships) if (user.name || user.email) people.set(user.id, user.name || user.email!);
  const byId = (list: ReadonlyArray<{ id: string; name: string }> | undefined) =>
    new Map((list ?? []).map((item) => [item.id, item.name]));
  const severities = byId(settings.data?.severities);
  const priorities = byId(settings.data?.priorities);
  const types = byId(settings.data?.types);
  const teamNames = byId(teams.data);
  return {
    settings: settings.data,
    teams: teams.data ?? [],
    severity: (id: string | null) => (id === null ? null : (severities.get(id) ?? id)),
    priority: (id: string | null) => (id === null ? null : (priorities.get(id) ?? id)),
    type: (id: string) => types.get(id) ?? id,
    team: (id: string | null) => (id === null ? null : (teamNames.get(id) ?? id)),
    person: (id: string | null) =>
      id === null ? null : id === me.user.id ? 'You' : (people.get(id) ?? 'A member of the organization'),
  };
}

export type IncidentLabels = ReturnType<typeof useIncidentLabels>;
