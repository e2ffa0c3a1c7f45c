import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useChangeMaintenance } from '../api/change-maintenance';
import { useMaintenance } from '../api/get-maintenance';
import { maintenanceFormValues, maintenanceRequest, windowText } from '../lib/maintenance-form-values';
import { HeldAlerts } from './held-alerts';
import { MaintenanceForm } from './maintenance-form';
import { MAINTENANCES_HREF } from './maintenances-page';
import { MaintenanceStatusBadge } from './status-badge';

/** /incidents/maintenances/{scheduledMaintenanceId}/edit: its state, its settings, and the alerts it held. */
export function EditMaintenancePage() {
  const { scheduledMaintenanceId = '' } = useParams();
  const maintenance = useMaintenance(scheduledMaintenanceId);
  const change = useChangeMaintenance();
  const navigate = useNavigate();
  const back = () => navigate(MAINTENANCES_HREF);
  const over = maintenance.data && (maintenance.data.status === 'completed' || maintenance.data.status === 'cancelled');
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={MAINTENANCES_HREF} size="sm">
        <span aria-hidden>← </span>Scheduled maintenances
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {over ? maintenance.data.name : `Edit ${maintenance.data?.name ?? 'scheduled maintenance'}`}
      </Title>
      {maintenance.isPending ? (
        <LoadingArea />
      ) : maintenance.isError ? (
        <ErrorAlert error={maintenance.error} title="Could not load the maintenance" />
      ) : (
        <>
          <Group gap="xs" data-testid="maintenance-state">
            <MaintenanceStatusBadge status={maintenance.data.status} />
            <Text size="sm">{windowText(maintenance.data)} (your local time)</Text>
          </Group>
          {over ? (
            <Text>This maintenance is over: it can no longer be changed.</Text>
          ) : (
            <MaintenanceForm
              mode="edit"
              defaultValues={maintenanceFormValues(maintenance.data)}
              submitLabel="Save"
              errorTitle="Could not save the maintenance"
              error={change.error}
              onCancel={back}
              onSubmit={(values) =>
                change.mutateAsync(
                  { maintenanceId: scheduledMaintenanceId, body: maintenanceRequest(values) },
                  { onSuccess: back },
                )
              }
            />
          )}
          <HeldAlerts maintenanceId={scheduledMaintenanceId} />
        </>
      )}
    </Stack>
  );
}
