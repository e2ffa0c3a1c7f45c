import type { IncidentTimelineEntry } from '@tocsin/contracts';

export type TimelineOrder = 'desc' | 'asc';

/**
 * The entries to show: each log position once (an event heard live and again on catch-up is one entry), in the
 * chosen order, system entries left out unless shown; `folded` counts those left out.
 */
export function visibleEntries(
  entries: readonly IncidentTimelineEntry[],
  { order, showSystem }: { order: TimelineOrder; showSystem: boolean },
): { entries: IncidentTimelineEntry[]; folded: number } {
  const byPosition = new Map<number, IncidentTimelineEntry>();
  for (const entry of entries) byPosition.set(entry.position, entry);
  const sorted = [...byPosition.values()].sort((a, b) =>
    order === 'asc' ? a.position - b.position : b.position - a.position,
  );
  const shown = showSystem ? sorted : sorted.filter((e) => !e.system);
  return { entries: shown, folded: sorted.length - shown.length };
}
