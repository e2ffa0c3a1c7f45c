import { ViewNames } from '@tocsin/contracts';
import type { FieldVersion, IncidentAlertLink, IncidentFields, IncidentStatus } from '@tocsin/domain';
import { anyOf, pageOf, readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/** One document per incident: its fields, milestones, roles and links (tasks and follow-ups have their views). */
export type IncidentDoc = ViewDocument &
  IncidentFields & {
    orgId: string;
    number: number;
    status: IncidentStatus;
    versions: Partial<Record<keyof IncidentFields, FieldVersion>>;
    milestones: Record<string, string>;
    /** The Started milestone: the list's time filter. */
    startedAt: string;
    roles: Record<string, string>;
    links: Array<{ id: string; url: string; title: string }>;
    starred: number[];
    alert: IncidentAlertLink | null;
    pagedAlertIds: string[];
    /** Name and summary, lowercased: what the list's search looks in. */
    searchText: string;
    /** The incident's latest event. */
    position: number;
    declared_at: string;
    declared_by: string | null;
    updated_at: string;
  };

export interface IncidentFilters {
  statuses?: string[];
  severityIds?: string[];
  teamId?: string;
  /** Started at or after / before. */
  from?: string;
  to?: string;
  search?: string;
  page: number;
  perPage: number;
}

const model = readModel<IncidentDoc>({
  name: ViewNames.incidents,
  collection: 'incidents',
  indexes: [
    { keys: { orgId: 1, declared_at: -1, _id: 1 } },
    { keys: { orgId: 1, status: 1, declared_at: -1 } },
    { keys: { orgId: 1, startedAt: -1 } },
  ],
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const incidentsView = {
  ...model,
  /** Another organization's incident is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The organization's incidents of these ids (a page of tasks names its incidents). */
  some: (reader: ViewReader, orgId: string, ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : model.find(reader, { orgId, _id: anyOf(ids) }),
  /** A page of the organization's incidents, newest declared first. */
  list: (reader: ViewReader, orgId: string, filters: IncidentFilters) => {
    const filter: Filter = { orgId };
    if (filters.statuses?.length) filter.status = anyOf(filters.statuses);
    if (filters.severityIds?.length) filter.severityId = anyOf(filters.severityIds);
    if (filters.teamId) filter.teamId = filters.teamId;
    if (filters.from || filters.to)
      filter.startedAt = { ...(filters.from && { $gte: filters.from }), ...(filters.to && { $lte: filters.to }) };
    if (filters.search) filter.searchText = { $regex: escapeRegex(filters.search.toLowerCase()) };
    return pageOf(model, reader, filter, { declared_at: -1, _id: 1 }, filters.page, filters.perPage);
  },
};
