import { ViewNames, type IncidentEntryKind } from '@tocsin/contracts';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** One document per event of an incident's stream (`{incidentId}/{position}`), the record of what happened. */
export interface IncidentTimelineDoc extends ViewDocument {
  orgId: string;
  incidentId: string;
  position: number;
  at: string;
  kind: IncidentEntryKind;
  actorId: string | null;
  system: boolean;
  starred: boolean;
  data: Record<string, unknown>;
}

const model = readModel<IncidentTimelineDoc>({
  name: ViewNames.incidentTimeline,
  collection: 'incident_timeline',
  indexes: [{ keys: { orgId: 1, incidentId: 1, position: 1 } }],
});

export const incidentTimelineId = (incidentId: string, position: number) => `${incidentId}/${position}`;

export const incidentTimelineView = {
  ...model,
  /** The incident's entries after `after` (catch-up: nothing missed, nothing twice), in `order` of the log. */
  of: (
    reader: ViewReader,
    orgId: string,
    incidentId: string,
    query: { after?: number; order: 'asc' | 'desc'; limit: number },
  ) =>
    model.find(
      reader,
      { orgId, incidentId, ...(query.after !== undefined && { position: { $gt: query.after } }) },
      { sort: { position: query.order === 'asc' ? 1 : -1 }, limit: query.limit },
    ),
  /** The incident's latest entry, or null (no such incident in this organization). */
  last: async (reader: ViewReader, orgId: string, incidentId: string) =>
    (await model.find(reader, { orgId, incidentId }, { sort: { position: -1 }, limit: 1 }))[0] ?? null,
  entry: (reader: ViewReader, orgId: string, incidentId: string, position: number) =>
    model.findOne(reader, { _id: incidentTimelineId(incidentId, position), orgId }),
};
