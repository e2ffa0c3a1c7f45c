import type { IncidentStatus } from '@tocsin/contracts';
import type { IncidentsQuery } from '../api/get-incidents';

export const INCIDENTS_PER_PAGE = 25;
export const INCIDENT_STATUSES: readonly IncidentStatus[] = ['open', 'mitigated', 'resolved', 'closed'];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  open: 'Open',
  mitigated: 'Mitigated',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** How far back the list reaches by start time; "any" reaches everything. */
export const INCIDENT_SINCE_OPTIONS = [
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 24 * 7 },
  { value: '30d', label: 'Last 30 days', hours: 24 * 30 },
  { value: '90d', label: 'Last 90 days', hours: 24 * 90 },
] as const;
export type IncidentSince = (typeof INCIDENT_SINCE_OPTIONS)[number]['value'];

/** The incident list's filters as the address holds them, so a filtered list can be shared and survives a reload. */
export interface IncidentFilters {
  status: IncidentStatus | null;
  severityId: string | null;
  teamId: string | null;
  since: IncidentSince | null;
  query: string;
  page: number;
}

export const NO_INCIDENT_FILTERS: IncidentFilters = {
  status: null,
  severityId: null,
  teamId: null,
  since: null,
  query: '',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Unknown values are ignored rather than sent: a hand-edited address still shows a list. */
export function readIncidentFilters(params: URLSearchParams): IncidentFilters {
  const page = Math.floor(Number(params.get('page')));
  return {
    status: oneOf(INCIDENT_STATUSES, params.get('status')),
    severityId: params.get('severity') || null,
    teamId: params.get('team') || null,
    since: oneOf(
      INCIDENT_SINCE_OPTIONS.map((option) => option.value),
      params.get('since'),
    ),
    query: (params.get('q') ?? '').slice(0, 200),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address's query for these filters, leaving out what is at its default. */
export function writeIncidentFilters(filters: IncidentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.severityId) params.set('severity', filters.severityId);
  if (filters.teamId) params.set('team', filters.teamId);
  if (filters.since) params.set('since', filters.since);
  if (filters.query.trim()) params.set('q', filters.query.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A filter change starts again from the first page: the reader's page number belonged to the old list. */
export const changeIncidentFilter = (
  filters: IncidentFilters,
  change: Partial<Omit<IncidentFilters, 'page'>>,
): IncidentFilters => ({ ...filters, ...change, page: 1 });

/** `now` is when the time range was chosen, so the query (and its cache key) holds still while the page is open. */
export function incidentsQuery(filters: IncidentFilters, now: number): IncidentsQuery {
  const since = INCIDENT_SINCE_OPTIONS.find((option) => option.value === filters.since);
  return {
    status: filters.status ?? undefined,
    severity: filters.severityId ?? undefined,
    team_id: filters.teamId ?? undefined,
    from: since ? new Date(now - since.hours * 3_600_000).toISOString() : undefined,
    query: filters.query.trim() || undefined,
    page: filters.page,
    per_page: INCIDENTS_PER_PAGE,
  };
}

export const hasIncidentFilters = (filters: IncidentFilters): boolean =>
  !!(filters.status || filters.severityId || filters.teamId || filters.since || filters.query.trim());
