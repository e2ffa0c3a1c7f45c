import type { IncidentEntryKind, IncidentTimelineEntry } from './incidents';

/**
 * What names an id of the incident settings, a person or a team in words; unknown ids are shown as they are.
 * The caller looks the names up (the web from its queries, the api from its views): describing fetches nothing.
 */
export interface IncidentNames {
  milestone: (key: string) => string;
  role: (id: string) => string;
  severity: (id: string) => string;
  priority: (id: string) => string;
  type: (id: string) => string;
  person: (id: string) => string;
  team: (id: string) => string;
  /** A moment (ISO-8601) as the reader reads times. */
  time: (iso: string) => string;
}

/** The reader's local time (what is not a time stays as it is). */
const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

interface Named {
  id: string;
  name: string;
}
/** The parts of the incident settings that name things (the API's answer and the domain's settings both fit). */
export interface NamedSettings {
  milestones: ReadonlyArray<Named & { key: string; position: number }>;
  roles: readonly Named[];
  severities: readonly Named[];
  priorities: readonly Named[];
  types: readonly Named[];
}

/**
 * Names from the organization's incident settings (or the defaults a reader without them sees), with people and
 * teams by id as far as the caller knows them; times in the reader's locale unless `time` says otherwise (the
 * exports keep ISO-8601).
 */
export function incidentNames(
  settings: NamedSettings,
  {
    people = {},
    teams = {},
    time = localTime,
  }: { people?: Record<string, string>; teams?: Record<string, string>; time?: (iso: string) => string } = {},
): IncidentNames {
  const by =
    <T extends { name: string }>(items: readonly T[], key: (item: T) => string) =>
    (id: string) =>
      items.find((item) => key(item) === id)?.name ?? id;
  const own = (record: Record<string, string>) => (id: string) =>
    Object.prototype.hasOwnProperty.call(record, id) ? record[id] : id;
  return {
    milestone: by(settings.milestones, (m) => m.key),
    role: by(settings.roles, (r) => r.id),
    severity: by(settings.severities, (s) => s.id),
    priority: by(settings.priorities, (p) => p.id),
    type: by(settings.types, (t) => t.id),
    person: own(people),
    team: own(teams),
    time,
  };
}

/** The incident's fields as people read them (the events name them as the domain does). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  summary: 'Summary',
  customerImpact: 'Customer impact',
  severityId: 'Severity',
  priorityId: 'Priority',
  typeId: 'Type',
  teamId: 'Team',
  impactedServices: 'Impacted services',
  environments: 'Environments',
  labels: 'Labels',
};

const none = '(none)';
const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : none;
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
    return pairs.length ? pairs.join(', ') : none;
  }
  return String(value);
};

function fieldValue(field: string, value: unknown, names: IncidentNames): string {
  if (typeof value !== 'string' || value === '') return text(value);
  if (field === 'severityId') return names.severity(value);
  if (field === 'priorityId') return names.priority(value);
  if (field === 'typeId') return names.type(value);
  if (field === 'teamId') return names.team(value);
  return text(value);
}

/** A team by name, or "a team" when the reader has no name for it. */
const teamOf = (id: string, names: IncidentNames) => {
  const name = names.team(id);
  return name === id ? 'a team' : `team ${name}`;
};

/** The kinds grouped for "changes since you last looked", in the order they are listed. */
export const ENTRY_GROUPS: ReadonlyArray<{ title: string; kinds: readonly IncidentEntryKind[] }> = [
  { title: 'Status and milestones', kinds: ['declared', 'milestone_set', 'milestone_cleared'] },
  { title: 'Fields', kinds: ['fields_changed'] },
  { title: 'Roles', kinds: ['role_assigned'] },
  { title: 'Notes and status updates', kinds: ['note', 'status_update'] },
  { title: 'Tasks', kinds: ['task_added', 'task_changed', 'task_removed', 'task_list_applied'] },
  { title: 'Follow-ups', kinds: ['follow_up_added', 'follow_up_changed'] },
  { title: 'Links', kinds: ['link_added', 'link_removed'] },
  { title: 'Other', kinds: ['entry_starred', 'team_paged', 'team_page_failed'] },
];

/** Entries grouped by `ENTRY_GROUPS`, each group oldest first; empty groups left out. */
export function groupEntries<Entry extends Pick<IncidentTimelineEntry, 'kind'>>(entries: readonly Entry[]) {
  return ENTRY_GROUPS.map((group) => ({
    title: group.title,
    entries: entries.filter((entry) => group.kinds.includes(entry.kind)),
  })).filter((group) => group.entries.length > 0);
}

/**
 * One event of the incident in words, with the value it replaced where the event holds it: the one sentence the
 * room's history, "changes since you last looked", the timeline exports and the retrospective all show.
 */
export function describeIncidentEvent(
  entry: Pick<IncidentTimelineEntry, 'kind' | 'data'>,
  names: IncidentNames,
): string {
  const data = entry.data;
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  switch (entry.kind) {
    case 'declared': {
      const fields = (data.fields ?? {}) as Record<string, unknown>;
      return `Declared "${text(fields.name)}"`;
    }
    case 'fields_changed': {
      const changes = (Array.isArray(data.changes) ? data.changes : []) as Array<{
        field: string;
        value: unknown;
        previous: unknown;
      }>;
      return changes
        .map(
          (c) =>
            `${FIELD_LABELS[c.field] ?? c.field} changed from ${fieldValue(c.field, c.previous, names)} to ${fieldValue(c.field, c.value, names)}`,
        )
        .join('; ');
    }
    case 'milestone_set':
      return data.previous
        ? `${names.milestone(str('milestone'))} moved from ${names.time(str('previous'))} to ${names.time(str('at'))}`
        : `${names.milestone(str('milestone'))} set to ${names.time(str('at'))}`;
    case 'milestone_cleared':
      return `${names.milestone(str('milestone'))} cleared (was ${names.time(str('previous'))})`;
    case 'role_assigned':
      return data.userId
        ? `${names.role(str('roleId'))} assigned to ${names.person(str('userId'))}`
        : `${names.role(str('roleId'))} unassigned`;
    case 'task_added':
      return `Task added: ${text(data.title)}`;
    case 'task_changed':
      return data.done ? `Task done: ${text(data.title)}` : `Task changed: ${text(data.title)}`;
    case 'task_removed':
      return 'Task removed';
    case 'task_list_applied':
      return `Task list applied: ${text(data.name)}`;
    case 'follow_up_added':
      return `Follow-up added: ${text(data.title)}`;
    case 'follow_up_changed':
      return `Follow-up ${text(data.status).replace('_', ' ')}: ${text(data.title)}`;
    case 'note':
      return `Note: ${text(data.body)}`;
    case 'status_update':
      return `Status update: ${text(data.body)}`;
    case 'link_added':
      return `Link added: ${text(data.title)} (${text(data.url)})`;
    case 'link_removed':
      return 'Link removed';
    case 'entry_starred':
      return `${data.starred ? 'Starred' : 'Unstarred'} a timeline entry`;
    case 'team_paged':
      return `Paged ${teamOf(str('teamId'), names)}`;
    case 'team_page_failed':
      return `Paging ${teamOf(str('teamId'), names)} failed: ${text(data.reason)}`;
  }
}
