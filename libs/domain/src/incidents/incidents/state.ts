import type {
  IncidentEvent,
  IncidentField,
  IncidentFields,
  IncidentFollowUp,
  IncidentTask,
  IncidentAlertLink,
} from './events';

export interface FieldVersion {
  version: number;
  by: string | null;
  at: string;
}

export interface IncidentState {
  status: 'absent' | 'declared';
  orgId: string | null;
  number: number;
  fields: IncidentFields | null;
  versions: Partial<Record<IncidentField, FieldVersion>>;
  milestones: Record<string, string>;
  roles: Record<string, string>;
  tasks: Record<string, IncidentTask>;
  followUps: Record<string, IncidentFollowUp>;
  links: Record<string, { url: string; title: string }>;
  starred: number[];
  alert: IncidentAlertLink | null;
  /** Task lists applied so far: a role's list is applied once, by whoever takes the role first. */
  appliedTaskLists: string[];
  /** Teams paged for the incident: a page is recorded once per team, and a failure never after it went out. */
  pagedTeams: string[];
  /** Items (tasks, follow-ups, notes, updates, links) made so far: the next one's id is `{kind}{seq + 1}`. */
  seq: number;
}

export const initialIncident = (): IncidentState => ({
  status: 'absent',
  orgId: null,
  number: 0,
  fields: null,
  versions: {},
  milestones: {},
  roles: {},
  tasks: {},
  followUps: {},
  links: {},
  starred: [],
  alert: null,
  appliedTaskLists: [],
  pagedTeams: [],
  seq: 0,
});

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export function evolveIncident(state: IncidentState, event: IncidentEvent): IncidentState {
  switch (event.type) {
    case 'IncidentDeclared': {
      const { orgId, number, fields, milestones, alert, at, by } = event.data;
      const versions = Object.fromEntries(Object.keys(fields).map((f) => [f, { version: 1, by, at }]));
      return {
        ...initialIncident(),
        status: 'declared',
        orgId,
        number,
        fields,
        versions,
        milestones: { ...milestones },
        alert,
      };
    }
    case 'IncidentFieldsChanged': {
      const { changes, by, at } = event.data;
      const fields = { ...state.fields! } as Record<string, unknown>;
      const versions = { ...state.versions };
      for (const change of changes) {
        fields[change.field] = change.value;
        versions[change.field] = { version: change.version, by, at };
      }
      return { ...state, fields: fields as unknown as IncidentFields, versions };
    }
    case 'IncidentMilestoneSet':
      return { ...state, milestones: { ...state.milestones, [event.data.milestone]: event.data.at } };
    case 'IncidentMilestoneCleared':
      return { ...state, milestones: without(state.milestones, event.data.milestone) };
    case 'IncidentRoleAssigned': {
      const { roleId, userId } = event.data;
      return { ...state, roles: userId ? { ...state.roles, [roleId]: userId } : without(state.roles, roleId) };
    }
    case 'IncidentTaskAdded': {
      const { incidentId: _, ...task } = event.data;
      return { ...state, seq: state.seq + 1, tasks: { ...state.tasks, [task.taskId]: task } };
    }
    case 'IncidentTaskChanged': {
      const { incidentId: _, ...task } = event.data;
      return { ...state, tasks: { ...state.tasks, [task.taskId]: task } };
    }
    case 'IncidentTaskRemoved':
      return { ...state, tasks: without(state.tasks, event.data.taskId) };
    case 'IncidentTaskListApplied': {
      const { taskListId } = event.data;
      return state.appliedTaskLists.includes(taskListId)
        ? state
        : { ...state, appliedTaskLists: [...state.appliedTaskLists, taskListId] };
    }
    case 'IncidentFollowUpAdded': {
      const { incidentId: _, ...followUp } = event.data;
      return { ...state, seq: state.seq + 1, followUps: { ...state.followUps, [followUp.followUpId]: followUp } };
    }
    case 'IncidentFollowUpChanged': {
      const { incidentId: _, ...followUp } = event.data;
      return { ...state, followUps: { ...state.followUps, [followUp.followUpId]: followUp } };
    }
    case 'IncidentNoteAdded':
    case 'IncidentStatusUpdatePosted':
      return { ...state, seq: state.seq + 1 };
    case 'IncidentLinkAdded': {
      const { linkId, url, title } = event.data;
      return { ...state, seq: state.seq + 1, links: { ...state.links, [linkId]: { url, title } } };
    }
    case 'IncidentLinkRemoved':
      return { ...state, links: without(state.links, event.data.linkId) };
    case 'IncidentEntryStarred': {
      const { position, starred } = event.data;
      const others = state.starred.filter((p) => p !== position);
      return { ...state, starred: starred ? [...others, position] : others };
    }
    case 'IncidentTeamPaged': {
      const { teamId } = event.data;
      return state.pagedTeams.includes(teamId) ? state : { ...state, pagedTeams: [...state.pagedTeams, teamId] };
    }
    case 'IncidentTeamPageFailed':
      return state;
  }
}
