import type { IncidentSettings } from '../settings/model';
import type { RetrospectiveInput } from './document';

/**
 * An incident's milestones and the durations between them as a retrospective shows them, from the organization's
 * settings and the times the incident reached each milestone (by key): every milestone in position order (a missing
 * one without a time), every duration whose two milestones were both reached (else without a value, never a
 * negative one).
 */
export function retrospectiveTimeline(
  settings: Pick<IncidentSettings, 'milestones' | 'durations'>,
  reached: ReadonlyArray<{ key: string; at: string }>,
): Pick<RetrospectiveInput, 'milestones' | 'durations'> {
  const times = new Map(reached.map((milestone) => [milestone.key, milestone.at]));
  const milestones = [...settings.milestones]
    .sort((a, b) => a.position - b.position)
    .map((milestone) => ({ name: milestone.name, at: times.get(milestone.key) ?? null }));
  const durations = settings.durations.map((duration) => {
    const from = Date.parse(times.get(duration.from) ?? '');
    const to = Date.parse(times.get(duration.to) ?? '');
    const ms = Number.isNaN(from) || Number.isNaN(to) || to < from ? null : to - from;
    return { name: duration.name, ms };
  });
  return { milestones, durations };
}
