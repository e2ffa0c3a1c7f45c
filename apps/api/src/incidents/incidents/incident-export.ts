import { describeIncidentEvent, type IncidentNames } from '@tocsin/contracts';
import { incidentReference } from '@tocsin/domain';
import type { IncidentDoc, IncidentTimelineDoc } from '@tocsin/read-models';

interface Export {
  doc: IncidentDoc;
  entries: IncidentTimelineDoc[];
  /** People, teams and settings by name; times as recorded (ISO-8601). */
  names: IncidentNames;
}

const who = (entry: IncidentTimelineDoc, names: IncidentNames) =>
  entry.actorId ? names.person(entry.actorId) : 'Tocsin';

/** The timeline as Markdown, oldest first: a heading, then one line per entry (starred ones marked). */
export function timelineMarkdown({ doc, entries, names }: Export): string {
  const lines = entries.map((entry) => {
    const line = describeIncidentEvent(entry, names).replace(/\r?\n/g, ' ');
    return `- ${entry.starred ? '★ ' : ''}**${entry.at}** ${who(entry, names)}: ${line}`;
  });
  return `# ${incidentReference(doc.number)}: ${doc.name}\n\n## Timeline\n\n${lines.join('\n')}\n`;
}

/** A CSV field: quoted, quotes doubled; a leading = + - @ is neutralised so a spreadsheet never runs it. */
const csvField = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The timeline as CSV (RFC 4180), oldest first. */
export function timelineCsv({ entries, names }: Export): string {
  const header = ['position', 'time', 'kind', 'actor', 'system', 'starred', 'text'];
  const rows = entries.map((entry) =>
    [
      String(entry.position),
      entry.at,
      entry.kind,
      who(entry, names),
      String(entry.system),
      String(entry.starred),
      describeIncidentEvent(entry, names),
    ].map(csvField),
  );
  return [header.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
}
