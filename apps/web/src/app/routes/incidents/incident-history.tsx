import { IncidentHistoryPage } from '@/features/incidents/incidents/components/incident-history-page';

/** /incidents/{incidentId}/history (read_incidents): step through the incident's past. */
export function IncidentHistoryRoute() {
  return <IncidentHistoryPage />;
}
