import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { IncidentSettingsCommand, IncidentSettingsInput } from './commands';
import type { IncidentSettingsEvent, IncidentSettingsPart } from './events';
import {
  BUILT_IN_MILESTONES,
  INCIDENT_REQUIRED_FIELDS,
  type IncidentSettings,
  type MilestoneDefinition,
  type SeverityMatrix,
  type TicketingSettings,
} from './model';
import { settingsInForce, type IncidentSettingsState } from './state';

export const INCIDENT_SETTINGS_NAME_MAX_LENGTH = 100;
export const INCIDENT_SETTINGS_DESCRIPTION_MAX_LENGTH = 1000;
export const STATUS_TEMPLATE_BODY_MAX_LENGTH = 5000;
/** Items in one list (50 severities is far beyond any real scale; the cap keeps a save and its event small). */
export const INCIDENT_SETTINGS_LIST_MAX = 50;
export const TASK_LIST_TASKS_MAX = 100;
export const TASK_TITLE_MAX_LENGTH = 200;
/** Rows (impacts) and columns (likelihoods) of the severity matrix. */
export const SEVERITY_MATRIX_AXIS_MAX = 10;
export const TICKETING_PROJECT_KEY_MAX_LENGTH = 100;
export const TICKETING_PROVIDERS = ['none', 'jira', 'linear', 'servicenow'] as const;

/** The wording of every refusal of a settings save, the field named as the request names it. */
export const INCIDENT_SETTINGS_MESSAGES = {
  stale: 'Someone else saved these settings after you opened them. Reload to see their change, then save again.',
  unique: (path: string, name: string) => `${path} must be unique within the list: "${name}" is there twice`,
  listMax: (path: string, max: number) => `${path} must have at most ${max} items`,
  listMin: (path: string) => `${path} must have at least 1 item`,
  unknownId: (path: string) => `${path} must be the id of an item of this list (leave it out for a new item)`,
  repeatedId: (path: string) => `${path} names an item given before it`,
  ranks: (path: string, count: number) => `${path} must be a whole number from 1 to ${count}`,
  rankTaken: (path: string, rank: number) => `${path} must be unique: rank ${rank} is given twice`,
  builtInRemoved: (name: string) => `${name} is built in and cannot be removed (it can be renamed)`,
  severityInMatrix: (name: string) =>
    `${name} is used by the severity matrix: pick another severity in its cells first`,
  milestoneMeasured: (milestone: string, duration: string) =>
    `${milestone} is measured by the duration ${duration}: remove that duration first`,
  taskListOfRole: (list: string, role: string) =>
    `${list} is the task list of the role ${role}: pick another one for the role first`,
  builtInOrder: (path: string) =>
    `${path} must keep the built-in milestones in their order: ${BUILT_IN_MILESTONE_NAMES.join(', ')}`,
  customMilestonesOff: (path: string) => `${path} is a custom milestone, and custom milestones are not turned on`,
  milestoneKey: (path: string) => `${path} must be the key of a milestone`,
  durationOrder: (path: string, from: string) => `${path} must be a milestone after ${from}`,
  builtInDuration: (path: string) => `${path} of a built-in duration cannot be changed (it can be renamed)`,
  taskList: (path: string) => `${path} must be a task list of this organization`,
  matrixRows: 'cells must have one row per impact',
  matrixColumns: (path: string) => `${path} must have one cell per likelihood`,
  matrixSeverity: (path: string) => `${path} must be a severity of this organization, or null`,
  projectKey: 'project_key is a required field when a provider is chosen',
};

const BUILT_IN_MILESTONE_NAMES = [
  'Started',
  'Detected',
  'Acknowledged',
  'Mitigated',
  'Resolved',
  'Retrospective completed',
  'Closed',
];

/** Thrown for a stale `expectedRevision`: the api answers 409 with the settings as they are now. */
export class StaleIncidentSettingsError extends DomainError {
  constructor(readonly part: IncidentSettingsPart) {
    super(INCIDENT_SETTINGS_MESSAGES.stale, 'conflict', { expected_revision: [INCIDENT_SETTINGS_MESSAGES.stale] });
  }
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, path: string, message: string) => {
  if (!errors[path]) errors[path] = [message];
};

const isText = (value: unknown): value is string => typeof value === 'string';

/** A trimmed text field: required or not, at most `max`; the message names it by `path`. */
function text(errors: Errors, path: string, value: unknown, max: number, required: boolean): string {
  if (!isText(value)) {
    if (value === undefined || value === null) {
      if (required) add(errors, path, FIELD_MESSAGES.required(path));
      return '';
    }
    add(errors, path, `${path} must be a \`string\` type`);
    return '';
  }
  const trimmed = value.trim();
  if (required && trimmed === '') add(errors, path, FIELD_MESSAGES.required(path));
  else if (trimmed.length > max) add(errors, path, FIELD_MESSAGES.maxLength(path, max));
  return trimmed;
}

interface Sent {
  id: string | null;
  name?: unknown;
}

/**
 * The items of a list with their ids settled: an existing item's id kept, a new item given the next of `newIds`.
 * Names required, at most 100 characters, unique within the list (letter case aside); the list capped.
 */
function settleIds<Item extends { id: string }>(
  errors: Errors,
  sent: readonly Sent[],
  current: readonly Item[],
  newIds: string[],
  options: { min?: number } = {},
): Array<{ id: string; name: string; existing: Item | undefined; index: number }> {
  if (sent.length > INCIDENT_SETTINGS_LIST_MAX)
    add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.listMax('items', INCIDENT_SETTINGS_LIST_MAX));
  if (sent.length < (options.min ?? 0)) add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.listMin('items'));
  const byId = new Map(current.map((item) => [item.id, item]));
  const seenIds = new Set<string>();
  const seenNames = new Map<string, number>();
  let fresh = 0;
  return sent.map((item, index) => {
    const path = `items[${index}]`;
    let id: string;
    let existing: Item | undefined;
    if (item.id === null || item.id === undefined) {
      id = newIds[fresh++] ?? `new-${index}`;
    } else {
      id = item.id;
      existing = byId.get(id);
      if (!existing) add(errors, `${path}.id`, INCIDENT_SETTINGS_MESSAGES.unknownId(`${path}.id`));
      else if (seenIds.has(id)) add(errors, `${path}.id`, INCIDENT_SETTINGS_MESSAGES.repeatedId(`${path}.id`));
      seenIds.add(id);
    }
    const name = text(errors, `${path}.name`, item.name, INCIDENT_SETTINGS_NAME_MAX_LENGTH, true);
    const folded = name.toLowerCase();
    if (name !== '' && seenNames.has(folded))
      add(errors, `${path}.name`, INCIDENT_SETTINGS_MESSAGES.unique(`${path}.name`, name));
    seenNames.set(folded, index);
    return { id, name, existing, index };
  });
}

/** Built-in items of the current list left out of the new one: refused by name. */
function keepBuiltIns(
  errors: Errors,
  current: ReadonlyArray<{ id: string; name: string; builtIn: boolean }>,
  ids: ReadonlySet<string>,
) {
  for (const item of current)
    if (item.builtIn && !ids.has(item.id)) add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.builtInRemoved(item.name));
}

const description = (errors: Errors, path: string, value: unknown) =>
  text(errors, path, value, INCIDENT_SETTINGS_DESCRIPTION_MAX_LENGTH, false);

function ranked(
  errors: Errors,
  sent: IncidentSettingsInput['severities'],
  current: IncidentSettings['severities'],
  newIds: string[],
) {
  const items = settleIds(errors, sent, current, newIds, { min: 1 });
  const ranks = new Set<number>();
  return items.map(({ id, name, index }) => {
    const path = `items[${index}]`;
    const rank = sent[index].rank;
    if (!Number.isInteger(rank) || rank < 1 || rank > sent.length)
      add(errors, `${path}.rank`, INCIDENT_SETTINGS_MESSAGES.ranks(`${path}.rank`, sent.length));
    else if (ranks.has(rank)) add(errors, `${path}.rank`, INCIDENT_SETTINGS_MESSAGES.rankTaken(`${path}.rank`, rank));
    ranks.add(rank);
    return { id, name, description: description(errors, `${path}.description`, sent[index].description), rank };
  });
}

/** A custom milestone's key: its name as a slug, unique among the keys taken. */
function milestoneKey(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'milestone';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

function milestones(
  errors: Errors,
  sent: IncidentSettingsInput['milestones'],
  settings: IncidentSettings,
  newIds: string[],
  customAllowed: boolean,
): MilestoneDefinition[] {
  const current = settings.milestones;
  const items = settleIds(errors, sent, current, newIds);
  keepBuiltIns(errors, current, new Set(items.map((item) => item.id)));
  const taken = new Set<string>([...BUILT_IN_MILESTONES, ...current.map((item) => item.key)]);
  const next = items.map(({ id, name, existing, index }) => {
    const builtIn = existing?.builtIn ?? false;
    if (!builtIn && !customAllowed)
      add(errors, `items[${index}]`, INCIDENT_SETTINGS_MESSAGES.customMilestonesOff(`items[${index}]`));
    const key = existing?.key ?? milestoneKey(name, taken);
    return { id, key, name, position: index, builtIn };
  });
  const builtInOrder = next.filter((item) => item.builtIn).map((item) => item.key);
  const expected = BUILT_IN_MILESTONES.filter((key) => builtInOrder.includes(key));
  if (builtInOrder.some((key, i) => key !== expected[i]))
    add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.builtInOrder('items'));
  const keys = new Set(next.map((item) => item.key));
  for (const item of current)
    if (!keys.has(item.key))
      for (const duration of settings.durations)
        if (duration.from === item.key || duration.to === item.key)
          add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.milestoneMeasured(item.name, duration.name));
  return next;
}

function durations(
  errors: Errors,
  sent: IncidentSettingsInput['durations'],
  settings: IncidentSettings,
  newIds: string[],
): IncidentSettings['durations'] {
  const current = settings.durations;
  const items = settleIds(errors, sent, current, newIds);
  keepBuiltIns(errors, current, new Set(items.map((item) => item.id)));
  const position = new Map(settings.milestones.map((milestone) => [milestone.key, milestone.position]));
  const names = new Map(settings.milestones.map((milestone) => [milestone.key, milestone.name]));
  return items.map(({ id, name, existing, index }) => {
    const path = `items[${index}]`;
    const builtIn = existing?.builtIn ?? false;
    const from = text(errors, `${path}.from`, sent[index].from, INCIDENT_SETTINGS_NAME_MAX_LENGTH, true);
    const to = text(errors, `${path}.to`, sent[index].to, INCIDENT_SETTINGS_NAME_MAX_LENGTH, true);
    if (builtIn && existing && (from !== existing.from || to !== existing.to)) {
      add(errors, `${path}.from`, INCIDENT_SETTINGS_MESSAGES.builtInDuration(`${path}.from`));
    } else if (from !== '' && !position.has(from)) {
      add(errors, `${path}.from`, INCIDENT_SETTINGS_MESSAGES.milestoneKey(`${path}.from`));
    } else if (to !== '' && !position.has(to)) {
      add(errors, `${path}.to`, INCIDENT_SETTINGS_MESSAGES.milestoneKey(`${path}.to`));
    } else if (from !== '' && to !== '' && (position.get(to) ?? 0) <= (position.get(from) ?? 0)) {
      add(errors, `${path}.to`, INCIDENT_SETTINGS_MESSAGES.durationOrder(`${path}.to`, names.get(from) ?? from));
    }
    return { id, name, from, to, builtIn };
  });
}

function matrix(errors: Errors, sent: SeverityMatrix, settings: IncidentSettings): SeverityMatrix {
  const axis = (field: 'impacts' | 'likelihoods') => {
    const values = Array.isArray(sent[field]) ? sent[field] : [];
    if (values.length < 1) add(errors, field, INCIDENT_SETTINGS_MESSAGES.listMin(field));
    if (values.length > SEVERITY_MATRIX_AXIS_MAX)
      add(errors, field, INCIDENT_SETTINGS_MESSAGES.listMax(field, SEVERITY_MATRIX_AXIS_MAX));
    const seen = new Set<string>();
    return values.map((value, index) => {
      const path = `${field}[${index}]`;
      const name = text(errors, path, value, INCIDENT_SETTINGS_NAME_MAX_LENGTH, true);
      if (name !== '' && seen.has(name.toLowerCase())) add(errors, path, INCIDENT_SETTINGS_MESSAGES.unique(path, name));
      seen.add(name.toLowerCase());
      return name;
    });
  };
  const impacts = axis('impacts');
  const likelihoods = axis('likelihoods');
  const severities = new Set(settings.severities.map((severity) => severity.id));
  const rows = Array.isArray(sent.cells) ? sent.cells : [];
  if (rows.length !== impacts.length) add(errors, 'cells', INCIDENT_SETTINGS_MESSAGES.matrixRows);
  const cells = rows.map((row, i) => {
    const values = Array.isArray(row) ? row : [];
    if (values.length !== likelihoods.length)
      add(errors, `cells[${i}]`, INCIDENT_SETTINGS_MESSAGES.matrixColumns(`cells[${i}]`));
    return values.map((cell, j) => {
      if (cell === null) return null;
      if (!isText(cell) || !severities.has(cell))
        add(errors, `cells[${i}][${j}]`, INCIDENT_SETTINGS_MESSAGES.matrixSeverity(`cells[${i}][${j}]`));
      return isText(cell) ? cell : null;
    });
  });
  return { impacts, likelihoods, cells };
}

function ticketing(errors: Errors, sent: TicketingSettings): TicketingSettings {
  const provider = sent.provider;
  if (!(TICKETING_PROVIDERS as readonly string[]).includes(provider))
    add(errors, 'provider', FIELD_MESSAGES.oneOf('provider', TICKETING_PROVIDERS));
  const projectKey = text(errors, 'project_key', sent.projectKey, TICKETING_PROJECT_KEY_MAX_LENGTH, false);
  if (provider !== 'none' && projectKey === '') add(errors, 'project_key', INCIDENT_SETTINGS_MESSAGES.projectKey);
  if (typeof sent.autoCreateFollowUps !== 'boolean')
    add(errors, 'auto_create_follow_ups', FIELD_MESSAGES.boolean('auto_create_follow_ups'));
  return { provider, projectKey, autoCreateFollowUps: sent.autoCreateFollowUps === true };
}

/** The part as it would be saved, every problem of it in `errors`. */
function settle(
  command: IncidentSettingsCommand,
  settings: IncidentSettings,
  errors: Errors,
): IncidentSettings[IncidentSettingsPart] {
  const { newIds } = command;
  switch (command.part) {
    case 'severities': {
      const next = ranked(errors, command.value, settings.severities, newIds);
      const ids = new Set(next.map((item) => item.id));
      const used = new Set(settings.severityMatrix.cells.flat().filter((cell): cell is string => cell !== null));
      for (const severity of settings.severities)
        if (!ids.has(severity.id) && used.has(severity.id))
          add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.severityInMatrix(severity.name));
      return next;
    }
    case 'priorities':
      return ranked(errors, command.value, settings.priorities, newIds);
    case 'milestones':
      return milestones(errors, command.value, settings, newIds, command.customMilestones);
    case 'durations':
      return durations(errors, command.value, settings, newIds);
    case 'roles': {
      const items = settleIds(errors, command.value, settings.roles, newIds);
      keepBuiltIns(errors, settings.roles, new Set(items.map((item) => item.id)));
      const lists = new Set(settings.taskLists.map((list) => list.id));
      return items.map(({ id, name, existing, index }) => {
        const path = `items[${index}]`;
        const taskListId = command.value[index].taskListId ?? null;
        if (taskListId !== null && !lists.has(taskListId))
          add(errors, `${path}.task_list_id`, INCIDENT_SETTINGS_MESSAGES.taskList(`${path}.task_list_id`));
        const builtIn = existing?.builtIn ?? false;
        return {
          id,
          name,
          description: description(errors, `${path}.description`, command.value[index].description),
          taskListId,
          builtIn,
        };
      });
    }
    case 'types': {
      const items = settleIds(errors, command.value, settings.types, newIds);
      return items.map(({ id, name, index }) => {
        const path = `items[${index}]`;
        const fields = command.value[index].requiredFields ?? [];
        fields.forEach((field, j) => {
          if (!(INCIDENT_REQUIRED_FIELDS as readonly string[]).includes(field))
            add(
              errors,
              `${path}.required_fields[${j}]`,
              FIELD_MESSAGES.oneOf(`${path}.required_fields[${j}]`, INCIDENT_REQUIRED_FIELDS),
            );
        });
        const requiredFields = INCIDENT_REQUIRED_FIELDS.filter((field) => fields.includes(field));
        return {
          id,
          name,
          description: description(errors, `${path}.description`, command.value[index].description),
          requiredFields,
        };
      });
    }
    case 'taskLists': {
      const items = settleIds(errors, command.value, settings.taskLists, newIds);
      const ids = new Set(items.map((item) => item.id));
      for (const list of settings.taskLists)
        if (!ids.has(list.id))
          for (const role of settings.roles)
            if (role.taskListId === list.id)
              add(errors, 'items', INCIDENT_SETTINGS_MESSAGES.taskListOfRole(list.name, role.name));
      return items.map(({ id, name, index }) => {
        const path = `items[${index}].tasks`;
        const sent = command.value[index].tasks ?? [];
        if (sent.length > TASK_LIST_TASKS_MAX)
          add(errors, path, INCIDENT_SETTINGS_MESSAGES.listMax(path, TASK_LIST_TASKS_MAX));
        const tasks = sent.map((task, j) => ({
          title: text(errors, `${path}[${j}].title`, task.title, TASK_TITLE_MAX_LENGTH, true),
          description: description(errors, `${path}[${j}].description`, task.description),
        }));
        return { id, name, tasks };
      });
    }
    case 'statusUpdateTemplates': {
      const items = settleIds(errors, command.value, settings.statusUpdateTemplates, newIds);
      return items.map(({ id, name, index }) => ({
        id,
        name,
        body: text(errors, `items[${index}].body`, command.value[index].body, STATUS_TEMPLATE_BODY_MAX_LENGTH, true),
      }));
    }
    case 'conditions':
    case 'audiences': {
      const sent = command.value;
      const items = settleIds(errors, sent, settings[command.part], newIds);
      return items.map(({ id, name, index }) => ({
        id,
        name,
        description: description(errors, `items[${index}].description`, sent[index].description),
      }));
    }
    case 'severityMatrix':
      return matrix(errors, command.value, settings);
    case 'ticketing':
      return ticketing(errors, command.value);
  }
}

/**
 * Incident settings (issue 21): one part saved at a time, whole. A save made from a stale read of the part is
 * refused (two admins never silently overwrite each other); a part that is invalid, or whose change would leave
 * another part pointing at nothing (a severity in the matrix, a milestone a duration measures, a role's task list),
 * is refused with every field's message and nothing is written. A save that changes nothing records nothing.
 */
export function decideIncidentSettings(
  command: IncidentSettingsCommand,
  state: IncidentSettingsState,
): IncidentSettingsEvent[] {
  const { part, orgId } = command;
  const revision = state.revisions[part] ?? 0;
  if (command.expectedRevision !== revision) throw new StaleIncidentSettingsError(part);
  const settings = settingsInForce(state.saved);
  const errors: Errors = {};
  const value = settle(command, settings, errors);
  if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
  if (JSON.stringify(value) === JSON.stringify(settings[part])) return [];
  return [
    { type: 'IncidentSettingsSaved', data: { orgId, part, value, revision: revision + 1 } } as IncidentSettingsEvent,
  ];
}
