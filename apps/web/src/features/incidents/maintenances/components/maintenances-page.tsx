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
          {sources === 1 ? '1 event source' : `${sources} event sources`}
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
  const [cancelling, setCancelling] = useState<Maintenance | null>(null);
  const navigate = useNavigate();
  const narrow = useNarrow();
  const closeCancel = () => (cancel.reset(), setCancelling(null));

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
          aria-label={`Cancel ${maintenance.name}`}
          onClick={() => setCancelling(maintenance)}
        >
          Cancel
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
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {maintenance.name}
                  </Text>
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
                <Table.Td>
                  {open(maintenance) && canManage ? (
                    <Anchor component={Link} to={editMaintenanceHref(maintenance)} fw={500}>
                      {maintenance.name}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{maintenance.name}</Text>
                  )}
                </Table.Td>
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
        opened={cancelling !== null}
        title={`Cancel ${cancelling?.name ?? 'the maintenance'}?`}
        confirmLabel="Cancel maintenance"
        loading={cancel.isPending}
        error={cancel.error}
        errorTitle="Could not cancel the maintenance"
        onClose={closeCancel}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSuccess: closeCancel })}
      >
        Alerts it holds now start paging at once, and it holds no more. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
