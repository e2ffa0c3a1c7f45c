import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type {
  ChangeIncidentFields,
  ChangeIncidentFollowUp,
  ChangeIncidentTask,
  DeclareIncident,
  IncidentCommand,
} from './commands';
import {
  INCIDENT_FIELD_NAMES,
  INCIDENT_FIELDS,
  incidentStatusOf,
  type IncidentEvent,
  type IncidentField,
  type IncidentFields,
} from './events';
import { milestoneOrderProblem } from './milestones';
import {
  fieldProblems,
  INCIDENT_MEMBER_NOT_FOUND,
  INCIDENT_NOTE_MAX_LENGTH,
  INCIDENT_STARTED_REQUIRED,
  INCIDENT_TITLE_MAX_LENGTH,
  INCIDENT_URL_MESSAGE,
  isWebUrl,
} from './rules';
import type { IncidentState } from './state';

/** A save refused because another save changed a field since the editor read it: their value, who, when. */
export interface FieldConflict {
  field: string;
  value: unknown;
  version: number;
  setBy: string | null;
  setAt: string;
}

export class IncidentFieldConflict extends DomainError {
  constructor(readonly conflicts: FieldConflict[]) {
    super(
      `Someone else changed ${conflicts.map((c) => c.field).join(', ')} since you opened it: look at their value, then save yours on top of it if it should still change`,
      'conflict',
      Object.fromEntries(conflicts.map((c) => [c.field, [`${c.field} was changed by someone else`]])),
    );
  }
}

export const INCIDENT_NOT_FOUND = 'Incident not found';

const invalid = (field: string, message: string) => new DomainError(message, 'invalid', { [field]: [message] });
const check = (errors: Record<string, string[]>) => {
  const first = Object.values(errors)[0];
  if (first) throw new DomainError(first[0], 'invalid', errors);
};
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function titleProblem(title: string): string | null {
  if (!title.trim()) return FIELD_MESSAGES.required('title');
  if (title.length > INCIDENT_TITLE_MAX_LENGTH) return FIELD_MESSAGES.maxLength('title', INCIDENT_TITLE_MAX_LENGTH);
  return null;
}

function declare(command: DeclareIncident, state: IncidentState): IncidentEvent[] {
  if (state.status !== 'absent') throw new DomainError('The incident already exists', 'conflict');
  const given = command.fields;
  const fields: IncidentFields = {
    name: (given.name ?? '').trim(),
    summary: given.summary ?? '',
    customerImpact: given.customerImpact ?? '',
    severityId: given.severityId ?? null,
    priorityId: given.priorityId ?? null,
    typeId: given.typeId ?? command.settings.types[0]?.id ?? 'default',
    teamId: given.teamId ?? null,
    impactedServices: given.impactedServices ?? [],
    environments: given.environments ?? [],
    labels: given.labels ?? {},
  };
  const errors = fieldProblems(fields, command.settings, command.teamFound);
  const milestones = { started: command.startedAt ?? command.at, detected: command.detectedAt ?? command.at };
  const order = milestoneOrderProblem(
    command.settings.milestones,
    { started: milestones.started },
    'detected',
    milestones.detected,
  );
  if (order) errors.detected_at = [order];
  check(errors);
  const { incidentId, orgId, number, at, by, alert } = command;
  const data = { incidentId, orgId, number, at, by, fields, milestones, alert };
  return [{ type: 'IncidentDeclared', data: command.page ? { ...data, page: command.page } : data }];
}

function changeFields(command: ChangeIncidentFields, state: IncidentState): IncidentEvent[] {
  const current = state.fields!;
  const changed = INCIDENT_FIELDS.filter(
    (field) => command.changes[field] !== undefined && !sameValue(command.changes[field], current[field]),
  );
  const conflicts: FieldConflict[] = [];
  for (const field of changed) {
    const based = command.versions[field];
    const now = state.versions[field] ?? { version: 1, by: null, at: '' };
    if (based !== undefined && based !== now.version)
      conflicts.push({
        field: INCIDENT_FIELD_NAMES[field],
        value: current[field],
        version: now.version,
        setBy: now.by,
        setAt: now.at,
      });
  }
  if (conflicts.length > 0) throw new IncidentFieldConflict(conflicts);
  if (changed.length === 0) return [];
  const next = { ...current, ...Object.fromEntries(changed.map((f) => [f, command.changes[f]])) } as IncidentFields;
  next.name = next.name.trim();
  check(fieldProblems(next, command.settings, command.teamFound || next.teamId === current.teamId));
  const changes = changed.map((field: IncidentField) => ({
    field,
    value: next[field],
    previous: current[field],
    version: (state.versions[field]?.version ?? 1) + 1,
  }));
  return [
    {
      type: 'IncidentFieldsChanged',
      data: { incidentId: command.incidentId, at: command.at, by: command.by, changes },
    },
  ];
}

function changeTask(command: ChangeIncidentTask, state: IncidentState): IncidentEvent[] {
  const task = Object.prototype.hasOwnProperty.call(state.tasks, command.taskId) ? state.tasks[command.taskId] : null;
  if (!task) throw new DomainError('Task not found', 'not_found');
  const title = command.title === undefined ? task.title : command.title.trim();
  const problem = titleProblem(title);
  if (problem) throw invalid('title', problem);
  if (command.assigneeId && command.assigneeId !== task.assigneeId && !command.assigneeFound)
    throw invalid('assignee_id', INCIDENT_MEMBER_NOT_FOUND('assignee_id'));
  const done = command.done ?? task.done;
  const next = {
    ...task,
    title,
    assigneeId: command.assigneeId === undefined ? task.assigneeId : command.assigneeId,
    dueAt: command.dueAt === undefined ? task.dueAt : command.dueAt,
    done,
    doneAt: done ? (task.doneAt ?? command.at) : null,
  };
  if (sameValue(next, task)) return [];
  return [{ type: 'IncidentTaskChanged', data: { incidentId: command.incidentId, ...next } }];
}

function changeFollowUp(command: ChangeIncidentFollowUp, state: IncidentState): IncidentEvent[] {
  const followUp = Object.prototype.hasOwnProperty.call(state.followUps, command.followUpId)
    ? state.followUps[command.followUpId]
    : null;
  if (!followUp) throw new DomainError('Follow-up not found', 'not_found');
  const title = command.title === undefined ? followUp.title : command.title.trim();
  const problem = titleProblem(title);
  if (problem) throw invalid('title', problem);
  if (command.ownerId && command.ownerId !== followUp.ownerId && !command.ownerFound)
    throw invalid('owner_id', INCIDENT_MEMBER_NOT_FOUND('owner_id'));
  const next = {
    ...followUp,
    title,
    ownerId: command.ownerId === undefined ? followUp.ownerId : command.ownerId,
    dueAt: command.dueAt === undefined ? followUp.dueAt : command.dueAt,
    status: command.status ?? followUp.status,
  };
  if (sameValue(next, followUp)) return [];
  return [{ type: 'IncidentFollowUpChanged', data: { incidentId: command.incidentId, ...next } }];
}

/**
 * Incidents (issue 21): declared, their fields saved with per-field optimistic concurrency, milestones set in
 * order (each edit an event, so every earlier time stays in the history), roles, tasks and task lists,
 * follow-ups, notes, status updates, links and stars. Nothing is refused because the incident is closed:
 * follow-ups outlive it and a retrospective corrects times after the fact.
 */
export function decideIncident(command: IncidentCommand, state: IncidentState): IncidentEvent[] {
  if (command.type === 'DeclareIncident') return declare(command, state);
  // another organization's incident does not exist for this caller
  if (state.status !== 'declared' || state.orgId !== command.orgId)
    throw new DomainError(INCIDENT_NOT_FOUND, 'not_found');
  const { incidentId } = command;
  const nextId = (kind: string) => `${kind}${state.seq + 1}`;
  switch (command.type) {
    case 'ChangeIncidentFields':
      return changeFields(command, state);
    case 'SetIncidentMilestone': {
      const { milestone, time, settings } = command;
      const definition = settings.milestones.find((m) => m.key === milestone);
      if (!definition) throw new DomainError(`Unknown milestone "${milestone}"`, 'not_found');
      const previous = Object.prototype.hasOwnProperty.call(state.milestones, milestone)
        ? state.milestones[milestone]
        : null;
      if (time === null) {
        if (milestone === 'started') throw invalid('at', INCIDENT_STARTED_REQUIRED);
        return previous === null
          ? []
          : [{ type: 'IncidentMilestoneCleared', data: { incidentId, milestone, previous } }];
      }
      const at = new Date(time).toISOString();
      if (previous === at) return [];
      const problem = milestoneOrderProblem(settings.milestones, state.milestones, milestone, at);
      if (problem) throw invalid('at', problem);
      return [{ type: 'IncidentMilestoneSet', data: { incidentId, milestone, at, previous } }];
    }
    case 'AssignIncidentRole': {
      const { roleId, userId, settings } = command;
      if (!settings.roles.some((r) => r.id === roleId)) throw new DomainError('Incident role not found', 'not_found');
      if (userId && !command.userFound) throw invalid('user_id', INCIDENT_MEMBER_NOT_FOUND('user_id'));
      const previous = Object.prototype.hasOwnProperty.call(state.roles, roleId) ? state.roles[roleId] : null;
      if (previous === userId) return [];
      const events: IncidentEvent[] = [
        { type: 'IncidentRoleAssigned', data: { incidentId, roleId, userId, previous } },
      ];
      // a role's task list is applied when someone first takes the role, the tasks assigned to them; a second
      // person taking it (or the list applied already) finds the tasks there and adds none
      const listId = settings.roles.find((r) => r.id === roleId)?.taskListId;
      const list = listId ? settings.taskLists.find((l) => l.id === listId) : undefined;
      if (userId && list && !state.appliedTaskLists.includes(list.id))
        events.push(...applyList(list, state.seq, incidentId, userId));
      return events;
    }
    case 'AddIncidentTask': {
      const title = command.title.trim();
      const problem = titleProblem(title);
      if (problem) throw invalid('title', problem);
      if (command.assigneeId && !command.assigneeFound)
        throw invalid('assignee_id', INCIDENT_MEMBER_NOT_FOUND('assignee_id'));
      const task = {
        taskId: nextId('t'),
        title,
        assigneeId: command.assigneeId,
        dueAt: command.dueAt,
        done: false,
        doneAt: null,
        taskListId: null,
      };
      return [{ type: 'IncidentTaskAdded', data: { incidentId, ...task } }];
    }
    case 'ChangeIncidentTask':
      return changeTask(command, state);
    case 'RemoveIncidentTask':
      if (!Object.prototype.hasOwnProperty.call(state.tasks, command.taskId))
        throw new DomainError('Task not found', 'not_found');
      return [{ type: 'IncidentTaskRemoved', data: { incidentId, taskId: command.taskId } }];
    case 'ApplyIncidentTaskList': {
      const list = command.settings.taskLists.find((l) => l.id === command.taskListId);
      if (!list) throw invalid('task_list_id', 'task_list_id must be a task list of this organization');
      return applyList(list, state.seq, incidentId, null);
    }
    case 'AddIncidentFollowUp': {
      const title = command.title.trim();
      const problem = titleProblem(title);
      if (problem) throw invalid('title', problem);
      if (command.ownerId && !command.ownerFound) throw invalid('owner_id', INCIDENT_MEMBER_NOT_FOUND('owner_id'));
      const followUp = {
        followUpId: nextId('f'),
        title,
        ownerId: command.ownerId,
        dueAt: command.dueAt,
        status: 'open' as const,
      };
      return [{ type: 'IncidentFollowUpAdded', data: { incidentId, ...followUp } }];
    }
    case 'ChangeIncidentFollowUp':
      return changeFollowUp(command, state);
    case 'AddIncidentNote': {
      const body = command.body.trim();
      if (!body) throw invalid('body', FIELD_MESSAGES.required('body'));
      if (body.length > INCIDENT_NOTE_MAX_LENGTH)
        throw invalid('body', FIELD_MESSAGES.maxLength('body', INCIDENT_NOTE_MAX_LENGTH));
      return [{ type: 'IncidentNoteAdded', data: { incidentId, noteId: nextId('n'), body } }];
    }
    case 'PostIncidentStatusUpdate': {
      const body = command.body.trim();
      if (
        command.templateId !== null &&
        !command.settings.statusUpdateTemplates.some((t) => t.id === command.templateId)
      )
        throw invalid('template_id', 'template_id must be a status update template of this organization');
      if (!body) throw invalid('body', FIELD_MESSAGES.required('body'));
      if (body.length > INCIDENT_NOTE_MAX_LENGTH)
        throw invalid('body', FIELD_MESSAGES.maxLength('body', INCIDENT_NOTE_MAX_LENGTH));
      const status = incidentStatusOf(state.milestones);
      return [
        {
          type: 'IncidentStatusUpdatePosted',
          data: { incidentId, updateId: nextId('u'), templateId: command.templateId, body, status },
        },
      ];
    }
    case 'AddIncidentLink': {
      const title = command.title.trim() || command.url;
      if (!isWebUrl(command.url)) throw invalid('url', INCIDENT_URL_MESSAGE);
      if (title.length > INCIDENT_TITLE_MAX_LENGTH)
        throw invalid('title', FIELD_MESSAGES.maxLength('title', INCIDENT_TITLE_MAX_LENGTH));
      return [{ type: 'IncidentLinkAdded', data: { incidentId, linkId: nextId('l'), url: command.url, title } }];
    }
    case 'RemoveIncidentLink':
      if (!Object.prototype.hasOwnProperty.call(state.links, command.linkId))
        throw new DomainError('Link not found', 'not_found');
      return [{ type: 'IncidentLinkRemoved', data: { incidentId, linkId: command.linkId } }];
    case 'StarIncidentEntry': {
      if (!command.entryFound) throw new DomainError('Timeline entry not found', 'not_found');
      if (state.starred.includes(command.position) === command.starred) return [];
      return [
        { type: 'IncidentEntryStarred', data: { incidentId, position: command.position, starred: command.starred } },
      ];
    }
    case 'RecordIncidentTeamPaged': {
      const { teamId, escalationPolicyId, alertId } = command;
      if (state.pagedTeams.includes(teamId)) return [];
      return [{ type: 'IncidentTeamPaged', data: { incidentId, teamId, escalationPolicyId, alertId } }];
    }
    case 'RecordIncidentTeamPageFailed': {
      const { teamId, escalationPolicyId, reason } = command;
      if (state.pagedTeams.includes(teamId)) return [];
      return [{ type: 'IncidentTeamPageFailed', data: { incidentId, teamId, escalationPolicyId, reason } }];
    }
  }
}

function applyList(
  list: { id: string; name: string; tasks: Array<{ title: string }> },
  seq: number,
  incidentId: string,
  assigneeId: string | null,
): IncidentEvent[] {
  const tasks = list.tasks.map((task, index) => ({
    taskId: `t${seq + index + 1}`,
    title: task.title,
    assigneeId,
    dueAt: null,
    done: false,
    doneAt: null,
    taskListId: list.id,
  }));
  return [
    {
      type: 'IncidentTaskListApplied',
      data: { incidentId, taskListId: list.id, name: list.name, taskIds: tasks.map((t) => t.taskId) },
    },
    ...tasks.map((task) => ({ type: 'IncidentTaskAdded' as const, data: { incidentId, ...task } })),
  ];
}
