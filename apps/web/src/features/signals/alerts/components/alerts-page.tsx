import { Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useEventSources } from '../../event-sources/api/get-event-sources';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { useAlerts } from '../api/get-alerts';
import { useAnnouncedChanges } from '../hooks/use-announced-changes';
import {
  alertsQuery,
  hasAlertFilters,
  readAlertFilters,
  writeAlertFilters,
  type AlertFilters,
} from '../lib/alert-filters';
import { AlertsFilters } from './alerts-filters';
import { AlertsList } from './alerts-list';

/** /signals/alerts: every alert of the organization, newest first, filtered from the address, live. */
export function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAlertFilters(params);
  const query = alertsQuery(filters);
  const alerts = useAlerts(query);
  // sources are named for those who may read them; the others see the alert's source id
  const mayReadSources = useCurrentUser().permissions.includes('read_event_sources');
  const sources = useEventSources({ enabled: mayReadSources });
  const teams = useTeamOptions();
  useAnnouncedChanges(alerts.isPlaceholderData ? undefined : alerts.data?.data, JSON.stringify(query));

  const sourceNames = new Map((sources.data ?? []).map((source) => [source.id, source.name]));
  const teamNames = new Map((teams.data ?? []).map((team) => [team.id, team.name]));
  const apply = (next: AlertFilters) => setParams(writeAlertFilters(next));
  const pagination = alerts.data?.pagination;

  return (
    <Stack>
      <Title order={1} size="h2">
        Alerts
      </Title>
      <AlertsFilters
        filters={filters}
        onChange={apply}
        sources={mayReadSources ? [...sourceNames].map(([value, label]) => ({ value, label })) : null}
        teams={[...teamNames].map(([value, label]) => ({ value, label }))}
      />
      {alerts.isPending ? (
        <LoadingArea />
      ) : alerts.isError ? (
        <ErrorAlert error={alerts.error} title="Could not load the alerts" />
      ) : (
        <>
          <AlertsList
            alerts={alerts.data.data}
            filtered={hasAlertFilters(filters)}
            sourceName={(id) => sourceNames.get(id) ?? id}
            teamName={(id) => teamNames.get(id) ?? id}
          />
          {pagination && pagination.total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="alerts-count">
                {pagination.total} {pagination.total === 1 ? 'alert' : 'alerts'}
              </Text>
              {pagination.total_pages > 1 && (
                <Pagination
                  total={pagination.total_pages}
                  value={filters.page}
                  onChange={(page) => apply({ ...filters, page })}
                  aria-label="Alert pages"
                />
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
