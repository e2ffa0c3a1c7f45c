import { Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useCurrentUser } from '@/lib/get-me';
import { useIncidents } from '../api/get-incidents';
import {
  hasIncidentFilters,
  incidentsQuery,
  readIncidentFilters,
  writeIncidentFilters,
  type IncidentFilters,
} from '../lib/incident-filters';
import { useIncidentNames } from '../lib/use-incident-names';
import { DeclareIncidentModal } from './declare-incident-modal';
import { IncidentsFilters } from './incidents-filters';
import { COMMANDER_ROLE, incidentHref, IncidentsList } from './incidents-list';

/** /incidents: the organization's incidents, newest first, filtered from the address, live. */
export function IncidentsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readIncidentFilters(params);
  // a time range counts back from when it was chosen, so the list's query holds still while the page is open
  const now = useMemo(() => Date.now(), [filters.since]);
  const incidents = useIncidents(incidentsQuery(filters, now));
  const names = useIncidentNames((incidents.data?.data ?? []).map((incident) => incident.roles[COMMANDER_ROLE]));
  const canManage = useCurrentUser().permissions.includes('manage_incidents');
  const [declaring, setDeclaring] = useState(false);
  const navigate = useNavigate();
  const apply = (next: IncidentFilters) => setParams(writeIncidentFilters(next));
  const pagination = incidents.data?.pagination;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Incidents
        </Title>
        <PermissionButton allowed={canManage} permission="manage_incidents" onClick={() => setDeclaring(true)}>
          Declare incident
        </PermissionButton>
      </Group>
      <IncidentsFilters
        filters={filters}
        onChange={apply}
        severities={names.severities.map((s) => ({ value: s.id, label: s.name }))}
        teams={names.teams.map((team) => ({ value: team.id, label: team.name }))}
      />
      {incidents.isPending ? (
        <LoadingArea />
      ) : incidents.isError ? (
        <ErrorAlert error={incidents.error} title="Could not load the incidents" />
      ) : (
        <>
          <IncidentsList incidents={incidents.data.data} names={names} filtered={hasIncidentFilters(filters)} />
          {pagination && pagination.total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="incidents-count">
                {pagination.total} {pagination.total === 1 ? 'incident' : 'incidents'}
              </Text>
              {pagination.total_pages > 1 && (
                <Pagination
                  total={pagination.total_pages}
                  value={filters.page}
                  onChange={(page) => apply({ ...filters, page })}
                  aria-label="Incident pages"
                />
              )}
            </Group>
          )}
        </>
      )}
      {canManage && (
        <DeclareIncidentModal
          opened={declaring}
          onClose={() => setDeclaring(false)}
          onDeclared={(incident) => navigate(incidentHref(incident.id))}
        />
      )}
    </Stack>
  );
}
