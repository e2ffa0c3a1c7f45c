import { ViewNames } from '@tocsin/contracts';
import type { RetrospectiveSection, RetrospectiveStatus } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** One document per incident that has a retrospective (`_id` is the incident's id). */
export interface RetrospectiveDoc extends ViewDocument {
  orgId: string;
  incidentId: string;
  templateId: string;
  status: RetrospectiveStatus;
  /** The template's sections as copied when it started. */
  sections: RetrospectiveSection[];
  /** Each answered question's answer and its own revision. */
  answers: Array<{ questionId: string; answer: string; revision: number; by: string | null; at: string }>;
  factors: Array<{ factorId: string; text: string }>;
  started_at: string;
  updated_at: string;
}

const model = readModel<RetrospectiveDoc>({ name: ViewNames.retrospectives, collection: 'retrospectives' });

export const retrospectivesView = {
  ...model,
  /** The incident's retrospective; another organization's is not found, like one never started. */
  of: (reader: ViewReader, orgId: string, incidentId: string) => model.findOne(reader, { _id: incidentId, orgId }),
};
