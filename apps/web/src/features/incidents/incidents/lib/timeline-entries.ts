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

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One line saying what happened, from the entry's kind and its recorded data. */
export function describeEntry(entry: IncidentTimelineEntry, milestoneName: (key: string) => string): string {
  const d = entry.data;
  switch (entry.kind) {
    case 'declared':
      return 'Declared the incident';
    case 'fields_changed': {
      const changes = (d.changes as Array<{ field: string; value: unknown }> | undefined) ?? [];
      return `Changed ${changes.map((c) => `${c.field} to ${text(c.value)}`).join(', ')}`;
    }
    case 'milestone_set':
      return `Set ${milestoneName(String(d.milestone))} to ${new Date(String(d.at)).toLocaleString()}`;
    case 'milestone_cleared':
      return `Cleared ${milestoneName(String(d.milestone))}`;
    case 'role_assigned':
      return d.userId ? `Assigned a role` : 'Left a role empty';
    case 'task_added':
      return `Added task "${text(d.title)}"`;
    case 'task_changed':
      return `${d.done ? 'Completed' : 'Changed'} task "${text(d.title)}"`;
    case 'task_removed':
      return 'Removed a task';
    case 'task_list_applied':
      return `Applied task list "${text(d.name)}"`;
    case 'follow_up_added':
      return `Added follow-up "${text(d.title)}"`;
    case 'follow_up_changed':
      return `Changed follow-up "${text(d.title)}" (${text(d.status)})`;
    case 'note':
      return text(d.body);
    case 'status_update':
      return text(d.body);
    case 'link_added':
      return `Added link ${text(d.title || d.url)}`;
    case 'link_removed':
      return 'Removed a link';
    case 'entry_starred':
      return d.starred ? 'Starred an entry' : 'Unstarred an entry';
    case 'team_paged':
      return 'Paged a team';
    case 'team_page_failed':
      return `Paging a team failed: ${text(d.reason)}`;
  }
}
