import type { IANAZone } from 'luxon';
import type { OnCallReason, ScheduleOverride, TemporarySchedule } from './model';
import { MINUTE_MS, pointAt, type Point } from './wall-clock';

/** A stretch of the final line while it is built: the line is a list of these covering the range, gaps included. */
export interface Segment {
  start: Point;
  end: Point;
  userIds: string[];
  reasons: OnCallReason[];
}

/** The index of the first segment ending after `t` (binary search: the list is sorted and contiguous). */
function indexAt(line: Segment[], t: number): number {
  let lo = 0;
  let hi = line.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line[mid].end.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Cuts the segment holding `t` in two there (nothing when `t` is already a boundary or outside the line). */
function cutAt(zone: IANAZone, line: Segment[], t: number): void {
  const i = indexAt(line, t);
  const segment = line[i];
  if (!segment || segment.start.t >= t) return;
  const point = pointAt(zone, t);
  line.splice(i, 1, { ...segment, end: point }, { ...segment, start: point });
}

/** Cuts the line at `from` and `to` and answers the index range [first, last) of the segments inside. */
export function span(zone: IANAZone, line: Segment[], from: number, to: number): [number, number] {
  cutAt(zone, line, from);
  cutAt(zone, line, to);
  return [indexAt(line, from), indexAt(line, to)];
}

/** Inside a temporary schedule its own shifts are the line, and nobody where it has no shift. */
export function applyTemporary(
  zone: IANAZone,
  line: Segment[],
  temporary: TemporarySchedule,
  from: number,
  to: number,
) {
  const start = Math.max(from, Date.parse(temporary.start));
  const end = Math.min(to, Date.parse(temporary.end));
  if (!(start < end)) return;
  const [first, last] = span(zone, line, start, end);
  const shifts = temporary.shifts
    .map((shift) => ({
      start: Math.max(start, Date.parse(shift.start)),
      end: Math.min(end, Date.parse(shift.end)),
      shift,
    }))
    .filter((shift) => shift.start < shift.end)
    .sort((a, b) => a.start - b.start);
  const inside: Segment[] = [];
  let at = line[first].start;
  for (const shift of shifts) {
    if (shift.start > at.t) {
      const next = pointAt(zone, shift.start);
      inside.push({ start: at, end: next, userIds: [], reasons: [] });
      at = next;
    }
    if (shift.end <= at.t) continue; // overlapped by an earlier shift (refused on save)
    const userIds = [...new Set(shift.shift.userIds)];
    const reasons = userIds.map((userId): OnCallReason => ({ userId, kind: 'temporary', temporaryId: temporary.id }));
    const next = shift.end === end ? line[last - 1].end : pointAt(zone, shift.end);
    inside.push({ start: at, end: next, userIds, reasons });
    at = next;
  }
  if (end > at.t) inside.push({ start: at, end: line[last - 1].end, userIds: [], reasons: [] });
  line.splice(first, last - first, ...inside);
}

/** One override over the line as it stands, so a later one acts on the result of the earlier ones. */
export function applyOverride(zone: IANAZone, line: Segment[], override: ScheduleOverride, from: number, to: number) {
  const start = Math.max(from, Date.parse(override.start));
  const end = Math.min(to, Date.parse(override.end));
  if (!(start < end)) return;
  const [first, last] = span(zone, line, start, end);
  const { kind, userId, replacesUserId } = override;
  const reason = (id: string): OnCallReason => ({ userId: id, kind: 'override', overrideId: override.id });
  for (let i = first; i < last; i += 1) {
    const segment = line[i];
    const at = replacesUserId === null ? -1 : segment.userIds.indexOf(replacesUserId);
    if (kind === 'add' && userId !== null && !segment.userIds.includes(userId)) {
      line[i] = { ...segment, userIds: [...segment.userIds, userId], reasons: [...segment.reasons, reason(userId)] };
    } else if (kind === 'remove' && at >= 0) {
      line[i] = { ...segment, userIds: without(segment.userIds, at), reasons: without(segment.reasons, at) };
    } else if (kind === 'replace' && at >= 0 && userId !== null) {
      // the replacement takes the replaced person's place; someone already on call is not listed twice
      const taken = segment.userIds.includes(userId);
      const userIds = taken ? without(segment.userIds, at) : segment.userIds.map((id, k) => (k === at ? userId : id));
      const reasons = taken
        ? without(segment.reasons, at)
        : segment.reasons.map((r, k) => (k === at ? reason(userId) : r));
      line[i] = { ...segment, userIds, reasons };
    }
  }
}

const without = <T>(list: T[], index: number): T[] => list.filter((_, k) => k !== index);

/** Takes the removed people off the line from their removal on. */
export function applyRemovals(zone: IANAZone, line: Segment[], removedAt: Map<string, number>) {
  if (line.length === 0 || removedAt.size === 0) return;
  for (const at of new Set(removedAt.values())) span(zone, line, at, at);
  for (let i = 0; i < line.length; i += 1) {
    const segment = line[i];
    if (!segment.userIds.some((id) => (removedAt.get(id) ?? Infinity) <= segment.start.t)) continue;
    const keep = segment.userIds.map((id) => (removedAt.get(id) ?? Infinity) > segment.start.t);
    line[i] = {
      ...segment,
      userIds: segment.userIds.filter((_, k) => keep[k]),
      reasons: segment.reasons.filter((_, k) => keep[k]),
    };
  }
}

const keyOf = (segment: Segment) => JSON.stringify([segment.userIds, segment.reasons]);

/** Actual minus wall-clock length in minutes: what the zone's change did to a stretch. */
export const lengthChange = (start: Point, end: Point) =>
  Math.round((end.t - start.t - (end.local - start.local)) / MINUTE_MS);

/**
 * Joins neighbours with the same people for the same reasons into one stretch; its length change is the sum
 * of its parts' (each part read in its own version's zone).
 */
export function joinEqual(line: Segment[]): Array<Segment & { lengthChangeMinutes: number }> {
  const joined: Array<Segment & { lengthChangeMinutes: number }> = [];
  let lastKey = '';
  for (const segment of line) {
    if (segment.end.t <= segment.start.t) continue;
    const key = keyOf(segment);
    const change = lengthChange(segment.start, segment.end);
    const last = joined[joined.length - 1];
    if (last && key === lastKey && last.end.t === segment.start.t) {
      last.end = segment.end;
      last.lengthChangeMinutes += change;
    } else joined.push({ ...segment, lengthChangeMinutes: change });
    lastKey = key;
  }
  return joined;
}
