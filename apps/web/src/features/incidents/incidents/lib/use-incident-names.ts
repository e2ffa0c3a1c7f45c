import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/get-me';
import { DEFAULT_INCIDENT_SETTINGS } from '@tocsin/domain';
import { getIncidentSettings, incidentSettingsKey } from '@/features/incidents/settings/api/get-incident-settings';
import { incidentNames, type IncidentNames, type NamedSettings } from '@tocsin/contracts';

/**
 * The organization's names for milestones, roles, severities, priorities and types. A reader who may not read
 * the incident settings (viewers) sees the default names, and an id the defaults do not know as it is.
 */
export function useIncidentNames(): { names: IncidentNames; milestones: NamedSettings['milestones'] } {
  const canRead = useCurrentUser().permissions.includes('read_incident_settings');
  const settings = useQuery({ queryKey: incidentSettingsKey(), queryFn: getIncidentSettings, enabled: canRead });
  const source: NamedSettings = (canRead && settings.data) || DEFAULT_INCIDENT_SETTINGS;
  return useMemo(
    () => ({
      names: incidentNames(source),
      milestones: [...source.milestones].sort((a, b) => a.position - b.position),
    }),
    [source],
  );
}
