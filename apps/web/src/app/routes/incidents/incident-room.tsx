import { IncidentPage } from '@/features/incidents/incidents/components/incident-page';

/** /incidents/{incidentId}: the live incident room. */
export function IncidentRoomRoute() {
  return <IncidentPage />;
}
