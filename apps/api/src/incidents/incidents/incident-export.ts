import { incidentReference, type IncidentSettings } from '@tocsin/domain';
import type { IncidentDoc, IncidentTimelineDoc } from '@tocsin/read-models';

type Data = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? '(none)' : String(value));

/** One line a person reads for a timeline entry (the exports and the retrospective). */
export function describeEntry(entry: IncidentTimelineDoc, settings: IncidentSettings): string {
  const data = entry.data as Data;
  const milestone = (key: unknown) => settings.milestones.find((m) => m.key === key)?.name ?? String(key);
  const role = (id: unknown) => settings.roles.find((r) => r.id === id)?.name ?? String(id);
  switch (entry.kind) {
    case 'declared':
      return `Declared: ${(data.fields as Data).name as string}`;
    case 'fields_changed':
      return `Changed ${(data.changes as Array<{ field: string; value: unknown }>)
        .map((c) => `${c.field} to ${JSON.stringify(c.value)}`)
        .join(', ')}`;
    case 'milestone_set':
      return data.previous
        ? `${milestone(data.milestone)} moved from ${text(data.previous)} to ${text(data.at)}`
        : `${milestone(data.milestone)} at ${text(data.at)}`;
    case 'milestone_cleared':
      return `${milestone(data.milestone)} cleared (was ${text(data.previous)})`;
    case 'role_assigned':
      return data.userId ? `${role(data.roleId)} assigned to ${text(data.userId)}` : `${role(data.roleId)} unassigned`;
    case 'task_added':
      return `Task added: ${text(data.title)}`;
    case 'task_changed':
      return `Task ${data.done ? 'done' : 'changed'}: ${text(data.title)}`;
    case 'task_removed':
      return `Task removed: ${text(data.taskId)}`;
    case 'task_list_applied':
      return `Task list applied: ${text(data.name)}`;
    case 'follow_up_added':
      return `Follow-up added: ${text(data.title)}`;
    case 'follow_up_changed':
      return `Follow-up ${text(data.status)}: ${text(data.title)}`;
    case 'note':
      return `Note: ${text(data.body)}`;
    case 'status_update':
      return `Status update: ${text(data.body)}`;
    case 'link_added':
      return `Link: ${text(data.title)} (${text(data.url)})`;
    case 'link_removed':
      return `Link removed: ${text(data.linkId)}`;
    case 'entry_starred':
      return `${data.starred ? 'Starred' : 'Unstarred'} entry ${text(data.position)}`;
    case 'team_paged':
      return `Paged team ${text(data.teamId)} (alert ${text(data.alertId)})`;
    case 'team_page_failed':
      return `Paging team ${text(data.teamId)} failed: ${text(data.reason)}`;
  }
}

interface Export {
  doc: IncidentDoc;
  entries: IncidentTimelineDoc[];
  names: Record<string, string>;
  settings: IncidentSettings;
}

const who = (entry: IncidentTimelineDoc, names: Record<string, string>) =>
  entry.actorId ? (names[entry.actorId] ?? entry.actorId) : 'Tocsin';

/** The timeline as Markdown, oldest first: a heading, then one line per entry (starred ones marked). */
export function timelineMarkdown({ doc, entries, names, settings }: Export): string {
  const lines = entries.map((entry) => {
    const line = describeEntry(entry, settings).replace(/\r?\n/g, ' ');
    return `- ${entry.starred ? '★ ' : ''}**${entry.at}** ${who(entry, names)}: ${line}`;
  });
  return `# ${incidentReference(doc.number)}: ${doc.name}\n\n## Timeline\n\n${lines.join('\n')}\n`;
}

/** A CSV field: quoted, quotes doubled; a leading = + - @ is neutralised so a spreadsheet never runs it. */
const csvField = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The timeline as CSV (RFC 4180), oldest first. */
export function timelineCsv({ entries, names, settings }: Export): string {
  const header = ['position', 'time', 'kind', 'actor', 'system', 'starred', 'text'];
  const rows = entries.map((entry) =>
    [
      String(entry.position),
      entry.at,
      entry.kind,
      who(entry, names),
      String(entry.system),
      String(entry.starred),
      describeEntry(entry, settings),
    ].map(csvField),
  );
  return [header.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
}
