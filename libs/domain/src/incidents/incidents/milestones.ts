import type { MilestoneDefinition } from '../settings/model';

const display = (iso: string) => new Date(iso).toISOString();

/**
 * Milestones are in their settings' `position` order, each at or after the one before (issue 21): the message
 * for setting `key` to `time` among the incident's other milestones, naming the neighbour it would pass and its
 * time, or null when the order holds. Only neighbours that are set count: an unset milestone is skipped over.
 */
export function milestoneOrderProblem(
  definitions: readonly MilestoneDefinition[],
  milestones: Readonly<Record<string, string>>,
  key: string,
  time: string,
): string | null {
  const ordered = [...definitions].sort((a, b) => a.position - b.position);
  const index = ordered.findIndex((m) => m.key === key);
  if (index < 0) return null;
  const self = ordered[index];
  const at = Date.parse(time);
  for (let i = index - 1; i >= 0; i--) {
    const before = milestones[ordered[i].key];
    if (!before) continue;
    if (Date.parse(before) > at) return `${self.name} must be at or after ${ordered[i].name} (${display(before)})`;
    break;
  }
  for (let i = index + 1; i < ordered.length; i++) {
    const after = milestones[ordered[i].key];
    if (!after) continue;
    if (Date.parse(after) < at) return `${self.name} must be at or before ${ordered[i].name} (${display(after)})`;
    break;
  }
  return null;
}
