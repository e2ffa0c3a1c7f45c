import { ViewNames } from '@tocsin/contracts';
import type { FollowUpStatus } from '@tocsin/domain';
import { anyOf, pageOf, readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/** One document per task (`{incidentId}/{taskId}`), listed across incidents (`/incidents/tasks`). */
export interface IncidentTaskDoc extends ViewDocument {
  orgId: string;
  incidentId: string;
  taskId: string;
  title: string;
  assigneeId: string | null;
  dueAt: string | null;
  done: boolean;
  doneAt: string | null;
  taskListId: string | null;
  /** The task's place in its incident (creation order). */
  position: number;
}

/** One document per follow-up (`{incidentId}/{followUpId}`): kept, listed and changed after the incident closes. */
export interface IncidentFollowUpDoc extends ViewDocument {
  orgId: string;
  incidentId: string;
  followUpId: string;
  title: string;
  ownerId: string | null;
  dueAt: string | null;
  status: FollowUpStatus;
  created_at: string;
  updated_at: string;
}

const tasks = readModel<IncidentTaskDoc>({
  name: ViewNames.incidentTasks,
  collection: 'incident_tasks',
  indexes: [{ keys: { orgId: 1, incidentId: 1, position: 1 } }, { keys: { orgId: 1, assigneeId: 1, done: 1 } }],
});
const followUps = readModel<IncidentFollowUpDoc>({
  name: ViewNames.incidentFollowUps,
  collection: 'incident_follow_ups',
  indexes: [{ keys: { orgId: 1, incidentId: 1, created_at: 1 } }, { keys: { orgId: 1, ownerId: 1, status: 1 } }],
});

export const incidentTasksView = {
  ...tasks,
  ofIncident: (reader: ViewReader, orgId: string, incidentId: string) =>
    tasks.find(reader, { orgId, incidentId }, { sort: { position: 1 } }),
  /** Across incidents: the assignee's or everyone's, open or done; soonest due first, then newest. */
  list: (
    reader: ViewReader,
    orgId: string,
    query: { assigneeId?: string; done?: boolean; page: number; perPage: number },
  ) => {
    const filter: Filter = { orgId };
    if (query.assigneeId) filter.assigneeId = query.assigneeId;
    if (query.done !== undefined) filter.done = query.done;
    return pageOf(tasks, reader, filter, { dueAt: 1, position: -1, _id: 1 }, query.page, query.perPage);
  },
};

export const incidentFollowUpsView = {
  ...followUps,
  ofIncident: (reader: ViewReader, orgId: string, incidentId: string) =>
    followUps.find(reader, { orgId, incidentId }, { sort: { created_at: 1, _id: 1 } }),
  list: (
    reader: ViewReader,
    orgId: string,
    query: { ownerId?: string; statuses?: string[]; page: number; perPage: number },
  ) => {
    const filter: Filter = { orgId };
    if (query.ownerId) filter.ownerId = query.ownerId;
    if (query.statuses?.length) filter.status = anyOf(query.statuses);
    return pageOf(followUps, reader, filter, { dueAt: 1, created_at: -1, _id: 1 }, query.page, query.perPage);
  },
};
