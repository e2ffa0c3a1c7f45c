import { formatDuration } from '../../shared/duration';
import type { DurationDefinition } from '../settings/model';

export interface IncidentDuration {
  id: string;
  name: string;
  from: string;
  to: string;
  /** Whole seconds from `from` to `to`; null until both milestones are set. */
  seconds: number | null;
  /** The same as an ISO-8601 duration (`PT1H5M`), or null. */
  duration: string | null;
}

/**
 * MTTD, MTTA, MTTM and MTTR (Started to Detected, Acknowledged, Mitigated and Resolved) and the durations an
 * organization defines in settings, each measured between two of the incident's milestones (by key). A duration
 * whose end is not reached yet, or whose milestones are out of order, has no value.
 */
export function incidentDurations(
  milestones: Readonly<Record<string, string | null | undefined>>,
  definitions: readonly DurationDefinition[],
): IncidentDuration[] {
  return definitions.map(({ id, name, from, to }) => {
    const start = milestones[from];
    const end = milestones[to];
    const ms = start && end ? Date.parse(end) - Date.parse(start) : null;
    const seconds = ms === null || ms < 0 || Number.isNaN(ms) ? null : Math.floor(ms / 1000);
    return { id, name, from, to, seconds, duration: seconds === null ? null : formatDuration(seconds) };
  });
}
