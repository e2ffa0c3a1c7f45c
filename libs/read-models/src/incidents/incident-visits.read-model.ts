import { ViewNames } from '@tocsin/contracts';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** Where each person last looked at each incident (`{incidentId}/{userId}`). */
export interface IncidentVisitDoc extends ViewDocument {
  orgId: string;
  incidentId: string;
  userId: string;
  position: number;
  at: string;
}

const model = readModel<IncidentVisitDoc>({ name: ViewNames.incidentVisits, collection: 'incident_visits' });

export const incidentVisitsView = {
  ...model,
  of: (reader: ViewReader, orgId: string, incidentId: string, userId: string) =>
    model.findOne(reader, { _id: `${incidentId}/${userId}`, orgId }),
};
