import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useCreateMaintenance } from '../api/create-maintenance';
import { maintenanceFormValues, maintenanceRequest } from '../lib/maintenance-form-values';
import { MaintenanceForm } from './maintenance-form';
import { MAINTENANCES_HREF } from './maintenances-page';

/** /incidents/maintenances/new */
export function NewMaintenancePage() {
  const create = useCreateMaintenance();
  const navigate = useNavigate();
  const back = () => navigate(MAINTENANCES_HREF);
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={MAINTENANCES_HREF} size="sm">
        <span aria-hidden>← </span>Scheduled maintenances
      </Anchor>
      <Title order={1} size="h2">
        New scheduled maintenance
      </Title>
      <MaintenanceForm
        mode="new"
        defaultValues={maintenanceFormValues()}
        submitLabel="Schedule maintenance"
        errorTitle="Could not schedule the maintenance"
        error={create.error}
        onCancel={back}
        onSubmit={(values) => create.mutateAsync(maintenanceRequest(values), { onSuccess: back })}
      />
    </Stack>
  );
}
