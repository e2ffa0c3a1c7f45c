import { Anchor, Badge, Card, Group, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Maintenance, MaintenanceListFilter } from '@tocsin/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useNarrow } from '../../../signals/shared/components/use-narrow';
import { useCancelMaintenance } from '../api/cancel-maintenance';
import { useEndMaintenance } from '../api/end-maintenance';
import { useMaintenances } from '../api/get-maintenances';
import { windowText } from '../lib/maintenance-form-values';
import { MaintenanceStatusBadge } from './status-badge';

export const MAINTENANCES_HREF = '/incidents/maintenances';
export const editMaintenanceHref = (maintenance: Pick<Maintenance, 'id'>) =>
  `${MAINTENANCES_HREF}/${encodeURIComponent(maintenance.id)}/edit`;

const FILTERS: Array<{ value: MaintenanceListFilter | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'past', label: 'Past' },
];

const open = (maintenance: Maintenance) => maintenance.status === 'scheduled' || maintenance.status === 'in_progress';

/** What ends a maintenance before its time: called off before it starts, ended early once it has. */
const STOPS = {
  cancel: {
    button: 'Cancel',
    title: (name: string) => `Cancel ${name}?`,
    confirm: 'Cancel maintenance',
    error: 'Could not cancel the maintenance',
    body: 'It will hold no alerts. This cannot be undone.',
  },
  end: {
    button: 'End early',
    title: (name: string) => `End ${name} now?`,
    confirm: 'End maintenance',
    error: 'Could not end the maintenance',
    body: 'Its window ends now: alerts it holds that are still firing start paging at once, and it holds no more. This cannot be undone.',
  },
} as const;
type Stop = keyof typeof STOPS;

const stopOf = (maintenance: Maintenance): Stop => (maintenance.status === 'in_progress' ? 'end' : 'cancel');

function Services({ maintenance }: { maintenance: Maintenance }) {
  const sources = maintenance.source_ids.length;
  return (
    <Group gap={4}>
      {maintenance.services.map((service) => (
        <Badge key={service} variant="outline" color="gray" tt="none">
          {service}
        </Badge>
      ))}
      {sources > 0 && (
        <Text size="sm" c="dimmed">
          {sources === 1 ? '1 source' : `${sources} sources`}
        </Text>
      )}
    </Group>
  );
}

/** /incidents/maintenances: the organization's scheduled maintenances, their state and window in local time. */
export function MaintenancesPage({ canManage }: { canManage: boolean }) {
  const [filter, setFilter] = useState<MaintenanceListFilter | 'all'>('all');
  const maintenances = useMaintenances(filter === 'all' ? undefined : filter);
  const cancel = useCancelMaintenance();
  const end = useEndMaintenance();
  const [stopping, setStopping] = useState<{ maintenance: Maintenance; stop: Stop } | null>(null);
  const navigate = useNavigate();
  const narrow = useNarrow();
  const mutation = stopping?.stop === 'end' ? end : cancel;
  const closeStop = () => (cancel.reset(), end.reset(), setStopping(null));
  const stop = stopping && STOPS[stopping.stop];

  const nameOf = (maintenance: Maintenance) =>
    canManage ? (
      <Anchor component={Link} to={editMaintenanceHref(maintenance)} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {maintenance.name}
      </Anchor>
    ) : (
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {maintenance.name}
      </Text>
    );

  const actions = (maintenance: Maintenance) =>
    open(maintenance) && (
      <Group gap="xs" wrap="nowrap">
        <PermissionButton
          allowed={canManage}
          permission="manage_incidents"
          variant="default"
          size="compact-sm"
          aria-label={`Edit ${maintenance.name}`}
          onClick={() => navigate(editMaintenanceHref(maintenance))}
        >
          Edit
        </PermissionButton>
        <PermissionButton
          allowed={canManage}
          permission="manage_incidents"
          variant="default"
          color="red"
          size="compact-sm"
          aria-label={`${STOPS[stopOf(maintenance)].button} ${maintenance.name}`}
          onClick={() => setStopping({ maintenance, stop: stopOf(maintenance) })}
        >
          {STOPS[stopOf(maintenance)].button}
        </PermissionButton>
      </Group>
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Scheduled maintenances
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_incidents"
          onClick={() => navigate(`${MAINTENANCES_HREF}/new`)}
        >
          New maintenance
        </PermissionButton>
      </Group>
      <Text c="dimmed" size="sm">
        During a maintenance&apos;s window, alerts of its services and event sources are recorded and page nobody; one
        still firing when the window ends pages as usual.
      </Text>
      <SegmentedControl
        aria-label="Show"
        data={FILTERS}
        value={filter}
        onChange={(value) => setFilter(value as MaintenanceListFilter | 'all')}
        style={{ alignSelf: 'flex-start' }}
      />
      {maintenances.isPending ? (
        <LoadingArea />
      ) : maintenances.isError ? (
        <ErrorAlert error={maintenances.error} title="Could not load the maintenances" />
      ) : maintenances.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="maintenances-empty">
          No scheduled maintenances here. Schedule one to keep planned work from paging anyone.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Scheduled maintenances">
          {maintenances.data.map((maintenance) => (
            <Card key={maintenance.id} component="li" withBorder padding="sm" data-testid="maintenance-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  {nameOf(maintenance)}
                  <MaintenanceStatusBadge status={maintenance.status} />
                </Group>
                <Text size="sm">{windowText(maintenance)}</Text>
                <Services maintenance={maintenance} />
                {actions(maintenance)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="Scheduled maintenances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Window (local time)</Table.Th>
              <Table.Th>Affected</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {maintenances.data.map((maintenance) => (
              <Table.Tr key={maintenance.id} data-testid="maintenance-row">
                <Table.Td>{nameOf(maintenance)}</Table.Td>
                <Table.Td>
                  <MaintenanceStatusBadge status={maintenance.status} />
                </Table.Td>
                <Table.Td>{windowText(maintenance)}</Table.Td>
                <Table.Td>
                  <Services maintenance={maintenance} />
                </Table.Td>
                <Table.Td>{actions(maintenance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={stopping !== null}
        title={stop ? stop.title(stopping.maintenance.name) : ''}
        confirmLabel={stop?.confirm ?? ''}
        loading={mutation.isPending}
        error={mutation.error}
        errorTitle={stop?.error}
        onClose={closeStop}
        onConfirm={() => stopping && mutation.mutate(stopping.maintenance.id, { onSuccess: closeStop })}
      >
        {stop?.body}
      </ConfirmDialog>
    </Stack>
  );
}
