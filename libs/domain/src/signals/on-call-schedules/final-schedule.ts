import type { IANAZone } from 'luxon';
import type {
  ComputedSchedule,
  FinalShift,
  LayerShift,
  OnCallReason,
  ScheduleDefinition,
  ScheduleInput,
} from './model';
import { SCHEDULE_LIMITS } from './field-rules';
import { restrict, restrictionWindows, rotationShifts, type Piece } from './rotation';
import { applyOverride, applyRemovals, applyTemporary, joinEqual, lengthChange, type Segment } from './segments';
import { DAY_MS, pointAt, type Point, zoneOf } from './wall-clock';

/**
 * The one computation of who is on call (issue 20): every consumer asks this, for any window, and none
 * computes its own. Over [from, to), for each version of the rules the part of the window it held:
 *   1. each layer's rotation hands off at wall-clock time in the schedule's zone, cut to its restrictions;
 *   2. the last layer with someone on call wins each moment (a restricted top layer leaves the one below visible);
 *   3. inside a temporary schedule, its shifts win (nobody where it has none);
 *   4. overrides apply in order, each to the result of the ones before;
 * then a removed person leaves every line from their removal on (a layer they alone held lets the one below
 * show), and neighbours with the same people for the same reasons join. Before the first version nobody is on call.
 * A window longer than MAX_SCHEDULE_WINDOW_DAYS is computed for its first MAX_SCHEDULE_WINDOW_DAYS only.
 */
export const MAX_SCHEDULE_WINDOW_DAYS = SCHEDULE_LIMITS.windowDays;

export function computeSchedule(input: ScheduleInput, window: { from: string; to: string }): ComputedSchedule {
  const from = Date.parse(window.from);
  const to = Math.min(Date.parse(window.to), from + MAX_SCHEDULE_WINDOW_DAYS * DAY_MS);
  if (!(from < to)) return { layers: [], final: [] };
  const removedAt = new Map<string, number>();
  for (const { userId, at } of input.removals) {
    const t = Date.parse(at);
    if (!Number.isNaN(t) && t < (removedAt.get(userId) ?? Infinity)) removedAt.set(userId, t);
  }
  const versions = input.versions
    .map((version, order) => ({ ...version, at: Date.parse(version.from), order }))
    .filter((version) => !Number.isNaN(version.at))
    .sort((a, b) => a.at - b.at || a.order - b.order);
  const layers: LayerPiece[] = [];
  const lines: Array<{ zone: IANAZone; line: Segment[] }> = [];
  const utc = zoneOf('UTC')!;
  const before = Math.min(to, versions[0]?.at ?? to);
  if (from < before) lines.push({ zone: utc, line: [gap(pointAt(utc, from), pointAt(utc, before))] });
  versions.forEach((version, i) => {
    const start = Math.max(from, version.at);
    const end = Math.min(to, versions[i + 1]?.at ?? Infinity);
    const zone = zoneOf(version.definition.timeZone);
    if (!(start < end)) return;
    if (!zone) {
      lines.push({ zone: utc, line: [gap(pointAt(utc, start), pointAt(utc, end))] });
      return;
    }
    lines.push({ zone, line: versionLine(zone, version.definition, start, end, removedAt, layers) });
  });
  const whole: Segment[] = [];
  for (const { zone, line } of lines) {
    applyRemovals(zone, line, removedAt);
    whole.push(...line);
  }
  return { layers: joinLayerShifts(layers), final: joinEqual(whole).map(toFinalShift) };
}

const gap = (start: Point, end: Point): Segment => ({ start, end, userIds: [], reasons: [] });

function versionLine(
  zone: IANAZone,
  definition: ScheduleDefinition,
  from: number,
  to: number,
  removedAt: Map<string, number>,
  layerShifts: LayerPiece[],
): Segment[] {
  const layers = definition.layers.map((layer) => {
    const end = Math.min(to, layer.endsAt === null ? Infinity : Date.parse(layer.endsAt));
    if (!(from < end)) return [];
    let pieces = rotationShifts(zone, layer.rotation, from, end);
    if (layer.rotation.restrictions.length > 0)
      pieces = restrict(pieces, restrictionWindows(zone, layer.rotation.restrictions, from, end));
    // a piece with nobody (an empty slot from before the rules refused one) does not hide the layer below
    pieces = withoutRemoved(zone, pieces, removedAt).filter((piece) => piece.userIds.length > 0);
    for (const piece of pieces) layerShifts.push({ ...piece, layerId: layer.id });
    return pieces;
  });
  const line = stack(
    zone,
    definition.layers.map((layer) => layer.id),
    layers,
    from,
    to,
  );
  for (const temporary of definition.temporarySchedules) applyTemporary(zone, line, temporary, from, to);
  for (const override of definition.overrides) applyOverride(zone, line, override, from, to);
  return line;
}

/** The layers on top of each other: each moment goes to the last layer with a piece there. */
function stack(zone: IANAZone, layerIds: string[], layers: Piece[][], from: number, to: number): Segment[] {
  const cuts = [...new Set([from, to, ...layers.flatMap((pieces) => pieces.flatMap((p) => [p.start.t, p.end.t]))])];
  cuts.sort((a, b) => a - b);
  const next = layers.map(() => 0);
  const line: Segment[] = [];
  for (let c = 0; c + 1 < cuts.length; c += 1) {
    const [t, u] = [cuts[c], cuts[c + 1]];
    let top: { piece: Piece; layer: number } | null = null;
    layers.forEach((pieces, layer) => {
      while (next[layer] < pieces.length && pieces[next[layer]].end.t <= t) next[layer] += 1;
      const piece = pieces[next[layer]];
      if (piece && piece.start.t <= t) top = { piece, layer };
    });
    const start = line.length > 0 ? line[line.length - 1].end : pointAt(zone, t);
    if (!top) {
      line.push(gap(start, pointAt(zone, u)));
      continue;
    }
    const { piece, layer } = top as { piece: Piece; layer: number };
    const reasons = piece.userIds.map((userId): OnCallReason => ({ userId, kind: 'layer', layerId: layerIds[layer] }));
    const begin = piece.start.t === t ? piece.start : start;
    line.push({ start: begin, end: piece.end.t === u ? piece.end : pointAt(zone, u), userIds: piece.userIds, reasons });
  }
  return line;
}

/** A piece some of whose people are removed inside it is cut at each removal, each part without them. */
function withoutRemoved(zone: IANAZone, pieces: Piece[], removedAt: Map<string, number>): Piece[] {
  if (removedAt.size === 0) return pieces;
  const out: Piece[] = [];
  for (const piece of pieces) {
    const cuts = piece.userIds
      .map((id) => removedAt.get(id))
      .filter((t): t is number => t !== undefined && t > piece.start.t && t < piece.end.t)
      .sort((a, b) => a - b);
    const points = [piece.start, ...cuts.map((t) => pointAt(zone, t)), piece.end];
    for (let k = 0; k + 1 < points.length; k += 1) {
      const userIds = piece.userIds.filter((id) => (removedAt.get(id) ?? Infinity) > points[k].t);
      if (userIds.length > 0 && points[k + 1].t > points[k].t)
        out.push({ ...piece, start: points[k], end: points[k + 1], userIds });
    }
  }
  return out;
}

// The same instants recur across shifts and schedules (hand-offs in the same zone): their text is remembered.
const isoTexts = new Map<number, string>();
function iso(t: number): string {
  let text = isoTexts.get(t);
  if (text === undefined) {
    if (isoTexts.size >= 100_000) isoTexts.clear();
    isoTexts.set(t, (text = new Date(t).toISOString()));
  }
  return text;
}

interface LayerPiece extends Piece {
  layerId: string;
}

/** A shift cut only by an edit of the rules (a new version) is one shift again. */
function joinLayerShifts(pieces: LayerPiece[]): LayerShift[] {
  const byLayer = new Map<string, LayerPiece & { change: number }>();
  const joined: Array<LayerPiece & { change: number }> = [];
  for (const piece of pieces) {
    const last = byLayer.get(piece.layerId);
    const change = lengthChange(piece.start, piece.end);
    if (
      last &&
      last.end.t === piece.start.t &&
      last.shiftNumber === piece.shiftNumber &&
      last.userIds.join('\n') === piece.userIds.join('\n')
    ) {
      last.end = piece.end;
      last.change += change;
      continue;
    }
    const copy = { ...piece, change };
    byLayer.set(piece.layerId, copy);
    joined.push(copy);
  }
  return joined
    .sort((a, b) => a.start.t - b.start.t)
    .map((piece) => ({
      layerId: piece.layerId,
      start: iso(piece.start.t),
      end: iso(piece.end.t),
      userIds: [...piece.userIds],
      shiftNumber: piece.shiftNumber,
      lengthChangeMinutes: piece.change,
    }));
}

function toFinalShift(segment: Segment & { lengthChangeMinutes: number }): FinalShift {
  return {
    start: iso(segment.start.t),
    end: iso(segment.end.t),
    userIds: [...segment.userIds],
    reasons: segment.reasons.map((reason) => ({ ...reason })),
    lengthChangeMinutes: segment.lengthChangeMinutes,
  };
}
