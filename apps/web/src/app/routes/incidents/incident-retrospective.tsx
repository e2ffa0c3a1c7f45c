import { useCurrentUser } from '@/lib/get-me';
import { RetrospectivePage } from '@/features/incidents/retrospectives/components/retrospective-page';

/** /incidents/{incidentId}/retrospective (and below): readers see the actions they may not take, disabled. */
export function IncidentRetrospectiveRoute() {
  return <RetrospectivePage canManage={useCurrentUser().permissions.includes('manage_incidents')} />;
}
