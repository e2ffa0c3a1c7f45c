import { IANAZone } from 'luxon';

/**
 * Wall-clock arithmetic in an IANA zone for the schedule computation. A wall-clock time is kept as "local
 * milliseconds": the zone's date and time read as if they were UTC, so adding a calendar day is adding
 * 86,400,000 to it, and only the step back to an instant asks the zone's rules (never the other way round).
 */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** How many answers each memo below keeps before it starts again (a few MB at most). */
const CACHE_LIMIT = 200_000;

/** A boundary of a stretch: the instant, and the wall-clock time it was meant as (they differ in a skipped hour). */
export interface Point {
  t: number;
  local: number;
}

const zones = new Map<string, IANAZone | null>();

/** The zone, or null when the runtime does not know it (asked once a name: checking a zone formats a date). */
export function zoneOf(timeZone: string): IANAZone | null {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    if (zones.size >= 1000) zones.clear();
    const created = IANAZone.create(timeZone);
    zones.set(timeZone, (zone = created.isValid ? created : null));
  }
  return zone;
}

export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 64 && IANAZone.isValidZone(value);

// Asking the zone for its offset formats a date (Intl) and is the costliest step of the computation, so it is
// remembered per UTC day where the offset is the same at both ends of the day (then it is the offset all day:
// no zone changes and changes back within one day), and per quarter-hour on a day that holds a change (a
// quarter-hour holding the change itself is asked exactly).
const QUARTER_MS = 15 * MINUTE_MS;
const byDay = new Map<string, Map<number, number | null>>();
const byQuarter = new Map<string, Map<number, number | null>>();
let kept = 0;

/** The offset at `t`, looked up in `memo` under `span`-long steps; null when it changes within the step. */
function remembered(memo: Map<string, Map<number, number | null>>, zone: IANAZone, t: number, span: number) {
  let spans = memo.get(zone.name);
  if (!spans) memo.set(zone.name, (spans = new Map()));
  const step = Math.floor(t / span);
  let known = spans.get(step);
  if (known === undefined) {
    const start = zone.offset(step * span);
    known = zone.offset(step * span + span - 1) === start ? start * MINUTE_MS : null;
    if (kept >= CACHE_LIMIT) {
      for (const map of [...byDay.values(), ...byQuarter.values()]) map.clear();
      kept = 0;
    }
    spans.set(step, known);
    kept += 1;
  }
  return known;
}

function offsetMs(zone: IANAZone, t: number): number {
  return remembered(byDay, zone, t, DAY_MS) ?? remembered(byQuarter, zone, t, QUARTER_MS) ?? zone.offset(t) * MINUTE_MS;
}

/** The wall-clock time of an instant. */
export function toLocal(zone: IANAZone, t: number): number {
  return t + offsetMs(zone, t);
}

export function pointAt(zone: IANAZone, t: number): Point {
  return { t, local: toLocal(zone, t) };
}

// Most schedules share a few zones and hand-off times: the instant of a wall-clock time is asked again and
// again (1,000 schedules in one benchmark run), so it is remembered, within CACHE_LIMIT.
const cache = new Map<string, Map<number, number>>();
let cached = 0;

/**
 * The instant of a wall-clock time. A skipped time (spring forward) is the first valid moment after it: the
 * instant the clocks jumped (02:30 on a New York change morning is 03:00 EDT). A repeated time (fall back) is
 * its first occurrence.
 */
export function fromLocal(zone: IANAZone, local: number): number {
  let byLocal = cache.get(zone.name);
  if (!byLocal) cache.set(zone.name, (byLocal = new Map()));
  const known = byLocal.get(local);
  if (known !== undefined) return known;
  const t = resolve(zone, local);
  if (cached >= CACHE_LIMIT) {
    for (const map of cache.values()) map.clear();
    cached = 0;
  }
  byLocal.set(local, t);
  cached += 1;
  return t;
}

function resolve(zone: IANAZone, local: number): number {
  // the offsets a day either side: a time near a change is read with one of them, or falls in the gap
  const before = offsetMs(zone, local - DAY_MS);
  const after = offsetMs(zone, local + DAY_MS);
  const early = local - Math.max(before, after);
  const late = local - Math.min(before, after);
  const earlyFits = toLocal(zone, early) === local;
  if (earlyFits) return early; // the first occurrence of a repeated time, or the only one
  if (toLocal(zone, late) === local) return late;
  // a skipped time: the change lies between the two readings; find it to the minute
  let lo = early;
  let hi = late;
  const offsetLo = offsetMs(zone, lo);
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMs(zone, mid) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** `HH:mm` as minutes after midnight, or null. */
export function parseClock(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `YYYY-MM-DD` (a date that exists) as the local milliseconds of its midnight, or null. */
export function parseDate(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const ms = Date.UTC(year, month, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month && back.getUTCDate() === day ? ms : null;
}

/** ISO weekday (1 Monday ... 7 Sunday) of a local day number (days since 1970-01-01, a Thursday). */
export const isoWeekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;
