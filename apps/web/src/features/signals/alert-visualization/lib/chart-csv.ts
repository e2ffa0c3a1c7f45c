import type { AlertVisualization } from '@tocsin/contracts';
import { csvRow } from '@tocsin/domain';

const rows = (lines: Array<Array<string | number | null>>) => lines.map(csvRow).join('\r\n');

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
