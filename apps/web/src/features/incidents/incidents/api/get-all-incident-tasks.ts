import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { INCIDENT_TASKS_API, ViewNames, type IncidentTasksResponse } from '@tocsin/contracts';

export interface AllIncidentTasksQuery {
  assignee?: 'mine' | 'all';
  state?: 'open' | 'done' | 'all';
  page?: number;
  per_page?: number;
}

export const getAllIncidentTasks = (query: AllIncidentTasksQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IncidentTasksResponse>(withQuery(INCIDENT_TASKS_API, { ...query }), { signal });

/** Tasks across incidents (`/incidents/tasks`), live with the tasks view. */
export function useAllIncidentTasks(query: AllIncidentTasksQuery) {
  return useQuery({
    queryKey: viewKey(ViewNames.incidentTasks, 'all', query),
    queryFn: ({ signal }) => getAllIncidentTasks(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
