import { PRIORITIES, type Priority } from '@tocsin/domain';
import { ALERT_STATUSES, type AlertsQuery, type AlertStatus } from '@tocsin/contracts';

export const ALERTS_PER_PAGE = 25;

/** The alert list's filters as the address holds them, so a filtered list can be shared and survives a reload. */
export interface AlertFilters {
  status: AlertStatus | null;
  priority: Priority | null;
  sourceId: string | null;
  teamId: string | null;
  query: string;
  page: number;
}

export const NO_ALERT_FILTERS: AlertFilters = {
  status: null,
  priority: null,
  sourceId: null,
  teamId: null,
  query: '',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Unknown values are ignored rather than sent: a hand-edited address still shows a list. */
export function readAlertFilters(params: URLSearchParams): AlertFilters {
  const page = Math.floor(Number(params.get('page')));
  return {
    status: oneOf(ALERT_STATUSES, params.get('status')),
    priority: oneOf(PRIORITIES, params.get('priority')),
    sourceId: params.get('source') || null,
    teamId: params.get('team') || null,
    query: (params.get('q') ?? '').slice(0, 200),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address's query for these filters, leaving out what is at its default. */
export function writeAlertFilters(filters: AlertFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.sourceId) params.set('source', filters.sourceId);
  if (filters.teamId) params.set('team', filters.teamId);
  if (filters.query.trim()) params.set('q', filters.query.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A filter change starts again from the first page: the reader's page number belonged to the old list. */
export const changeFilter = (filters: AlertFilters, change: Partial<Omit<AlertFilters, 'page'>>): AlertFilters => ({
  ...filters,
  ...change,
  page: 1,
});

export function alertsQuery(filters: AlertFilters): AlertsQuery {
  return {
    status: filters.status ?? undefined,
    priority: filters.priority ?? undefined,
    source_id: filters.sourceId ?? undefined,
    team_id: filters.teamId ?? undefined,
    query: filters.query.trim() || undefined,
    page: filters.page,
    per_page: ALERTS_PER_PAGE,
  };
}

export const hasAlertFilters = (filters: AlertFilters): boolean =>
  !!(filters.status || filters.priority || filters.sourceId || filters.teamId || filters.query.trim());
