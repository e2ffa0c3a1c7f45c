import { ViewNames } from '@tocsin/contracts';
import type { AlertActor, EscalationPolicySnapshot, Priority, RoutingDecision } from '@tocsin/domain';
import { anyOf, pageOf, readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/** One document per alert (its current or last episode), for the alert list, the detail and rule previews. */
export interface AlertDoc extends ViewDocument {
  orgId: string;
  sourceId: string;
  teamId: string;
  status: 'triggered' | 'acknowledged' | 'resolved';
  episode: number;
  summary: string;
  priority: Priority;
  labels: Record<string, string>;
  links: Array<{ href: string; text: string }>;
  dedupKey: string;
  count: number;
  policy: EscalationPolicySnapshot | null;
  routing: Exclude<RoutingDecision, { kind: 'drop' }>;
  acknowledged_by: AlertActor | null;
  resolved_by: AlertActor | null;
  /** The summary and each `name=value` label, lowercased: what the list's search looks in. */
  searchText: string;
  triggered_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  updated_at: string;
  /** The alert group the episode opened or joined (absent on documents written before grouping). */
  groupId?: string | null;
  /** Incidents declared from the alert (absent on documents written before incidents). */
  incidentIds?: string[];
}

export interface AlertFilters {
  statuses?: string[];
  priorities?: string[];
  sourceId?: string;
  teamId?: string;
  /** Part of the summary or of a label, any case. */
  search?: string;
  page: number;
  perPage: number;
}

const model = readModel<AlertDoc>({
  name: ViewNames.alerts,
  collection: 'alerts',
  indexes: [
    { keys: { orgId: 1, triggered_at: -1, _id: 1 } },
    { keys: { orgId: 1, status: 1, triggered_at: -1 } },
    // the metrics' open alerts by state, across organizations, at every scrape
    { keys: { status: 1 } },
    { keys: { orgId: 1, teamId: 1, triggered_at: -1 } },
    { keys: { orgId: 1, groupId: 1, triggered_at: 1 } },
  ],
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const alertsView = {
  ...model,
  /** Another organization's alert is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The alerts whose current episode is in the group, first first (a group holds what one key sent in a window). */
  ofGroup: (reader: ViewReader, orgId: string, groupId: string, limit = 500) =>
    model.find(reader, { orgId, groupId }, { sort: { triggered_at: 1 }, limit }),
  /** Open alerts of every organization by state, for the metrics (no organization in the answer). */
  openCounts: async (reader: ViewReader): Promise<Record<'triggered' | 'acknowledged', number>> => ({
    triggered: await model.count(reader, { status: 'triggered' }),
    acknowledged: await model.count(reader, { status: 'acknowledged' }),
  }),
  /** A page of the organization's alerts, newest episode first. */
  list: (reader: ViewReader, orgId: string, filters: AlertFilters) => {
    const filter: Filter = { orgId };
    if (filters.statuses?.length) filter.status = anyOf(filters.statuses);
    if (filters.priorities?.length) filter.priority = anyOf(filters.priorities);
    if (filters.sourceId) filter.sourceId = filters.sourceId;
    if (filters.teamId) filter.teamId = filters.teamId;
    if (filters.search) filter.searchText = { $regex: escapeRegex(filters.search.toLowerCase()) };
    return pageOf(model, reader, filter, { triggered_at: -1, _id: 1 }, filters.page, filters.perPage);
  },
  /** A team's last `limit` alerts (rule previews). */
  recent: (reader: ViewReader, orgId: string, teamId: string, limit: number) =>
    model.find(reader, { orgId, teamId }, { sort: { triggered_at: -1, _id: 1 }, limit }),
};
