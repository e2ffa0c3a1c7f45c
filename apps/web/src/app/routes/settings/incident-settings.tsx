import { useCurrentUser } from '@/lib/get-me';
import {
  AudiencesPage,
  ConditionsPage,
  IncidentRolesPage,
  IncidentTypesPage,
  MilestonesPage,
  PrioritiesPage,
  SeveritiesPage,
  SeverityMatrixPage,
  StatusUpdateTemplatesPage,
  TaskListsPage,
  TicketingPage,
} from '@/features/incidents/settings/components/settings-pages';

// Those who may read but not manage see each page read-only.
const useCanManage = () => useCurrentUser().permissions.includes('manage_incident_settings');

/** /settings/severities_index */
export const SeveritiesRoute = () => <SeveritiesPage canManage={useCanManage()} />;
/** /settings/priorities */
export const PrioritiesRoute = () => <PrioritiesPage canManage={useCanManage()} />;
/** /settings/incident_milestones */
export function MilestonesRoute() {
  const me = useCurrentUser();
  return (
    <MilestonesPage
      canManage={me.permissions.includes('manage_incident_settings')}
      customMilestones={me.featureFlags.customMilestones !== false}
    />
  );
}
/** /settings/roles */
export const IncidentRolesRoute = () => <IncidentRolesPage canManage={useCanManage()} />;
/** /settings/incident_types_and_settings */
export const IncidentTypesRoute = () => <IncidentTypesPage canManage={useCanManage()} />;
/** /settings/task_lists and /settings/task_lists/* */
export const TaskListsRoute = () => <TaskListsPage canManage={useCanManage()} />;
/** /settings/status_update_templates */
export const StatusUpdateTemplatesRoute = () => <StatusUpdateTemplatesPage canManage={useCanManage()} />;
/** /settings/conditions */
export const ConditionsRoute = () => <ConditionsPage canManage={useCanManage()} />;
/** /settings/audiences */
export const AudiencesRoute = () => <AudiencesPage canManage={useCanManage()} />;
/** /settings/severities_matrix */
export const SeverityMatrixRoute = () => <SeverityMatrixPage canManage={useCanManage()} />;
/** /settings/tickets: owners change it (manage_organization_settings). */
export const TicketingRoute = () => (
  <TicketingPage canManage={useCurrentUser().permissions.includes('manage_organization_settings')} />
);
