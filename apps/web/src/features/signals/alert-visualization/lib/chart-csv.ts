import type { AlertVisualization } from '@tocsin/contracts';

/** One CSV cell: quoted when it holds a comma, a quote or a line break; a formula's first character defused. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // a spreadsheet would run =, +, - or @ at the start of a cell (a source named "=HYPERLINK(...)")
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rows = (lines: Array<Array<string | number | null>>) =>
  lines.map((line) => line.map(csvCell).join(',')).join('\r\n');

/** The charts' figures as one CSV: the volume and time to acknowledge per bucket, then the counts by source and team. */
export function chartsCsv(data: AlertVisualization): string {
  const perBucket = rows([
    ['bucket_start', 'alerts', 'high', 'medium', 'low', 'acknowledged', 'median_seconds_to_acknowledge'],
    ...data.volume.map((slot, i) => [
      slot.start,
      slot.total,
      slot.high,
      slot.medium,
      slot.low,
      data.time_to_acknowledge_series[i]?.acknowledged ?? 0,
      data.time_to_acknowledge_series[i]?.median_seconds ?? null,
    ]),
  ]);
  const bySource = rows([['source_id', 'source', 'alerts'], ...data.by_source.map((s) => [s.id, s.name, s.count])]);
  const byTeam = rows([['team_id', 'team', 'alerts'], ...data.by_team.map((t) => [t.id, t.name, t.count])]);
  return `${perBucket}\r\n\r\n${bySource}\r\n\r\n${byTeam}\r\n`;
}
