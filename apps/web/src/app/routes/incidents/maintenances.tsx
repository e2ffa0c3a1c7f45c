import { useCurrentUser } from '@/lib/get-me';
import { EditMaintenancePage } from '@/features/incidents/maintenances/components/edit-maintenance-page';
import { MaintenancesPage } from '@/features/incidents/maintenances/components/maintenances-page';
import { NewMaintenancePage } from '@/features/incidents/maintenances/components/new-maintenance-page';

// Readers see the actions they may not take, disabled with a tooltip naming the permission.
const useCanManageMaintenances = () => useCurrentUser().permissions.includes('manage_incidents');

/** /incidents/maintenances */
export function MaintenancesRoute() {
  return <MaintenancesPage canManage={useCanManageMaintenances()} />;
}

/** /incidents/maintenances/new */
export function NewMaintenanceRoute() {
  return <NewMaintenancePage />;
}

/** /incidents/maintenances/{scheduledMaintenanceId}/edit */
export function EditMaintenanceRoute() {
  return <EditMaintenancePage />;
}
