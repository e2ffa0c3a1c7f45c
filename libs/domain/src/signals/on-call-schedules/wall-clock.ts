import { IANAZone } from 'luxon';

/**
 * Wall-clock arithmetic in an IANA zone for the schedule computation. A wall-clock time is kept as "local
 * milliseconds": the zone's date and time read as if they were UTC, so adding a calendar day is adding
 * 86,400,000 to it, and only the step back to an instant asks the zone's rules (never the other way round).
 */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** A boundary of a stretch: the instant, and the wall-clock time it was meant as (they differ in a skipped hour). */
export interface Point {
  t: number;
  local: number;
}

/** The zone, or null when the runtime does not know it. */
export function zoneOf(timeZone: string): IANAZone | null {
  const zone = IANAZone.create(timeZone);
  return zone.isValid ? zone : null;
}

export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 64 && IANAZone.isValidZone(value);

const offsetMs = (zone: IANAZone, t: number) => zone.offset(t) * MINUTE_MS;

/** The wall-clock time of an instant. */
export function toLocal(zone: IANAZone, t: number): number {
  return t + offsetMs(zone, t);
}

export function pointAt(zone: IANAZone, t: number): Point {
  return { t, local: toLocal(zone, t) };
}

// Most schedules share a few zones and hand-off times: the instant of a wall-clock time is asked again and
// again (1,000 schedules in one benchmark run), so it is remembered, within a bound.
const CACHE_LIMIT = 200_000;
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
