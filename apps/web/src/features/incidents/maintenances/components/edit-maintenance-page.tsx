import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useChangeMaintenance } from '../api/change-maintenance';
import { useMaintenance } from '../api/get-maintenance';
import { maintenanceFormValues, maintenanceRequest } from '../lib/maintenance-form-values';
import { MaintenanceForm } from './maintenance-form';
import { MAINTENANCES_HREF } from './maintenances-page';

/** /incidents/maintenances/{scheduledMaintenanceId}/edit */
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
        Edit {maintenance.data?.name ?? 'scheduled maintenance'}
      </Title>
      {maintenance.isPending ? (
        <LoadingArea />
      ) : maintenance.isError ? (
        <ErrorAlert error={maintenance.error} title="Could not load the maintenance" />
      ) : over ? (
        <Text>This maintenance is over ({maintenance.data.status}): it can no longer be changed.</Text>
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
    </Stack>
  );
}
