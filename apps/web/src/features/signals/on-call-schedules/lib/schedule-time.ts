/**
 * Wall-clock arithmetic in a schedule's time zone for the calendar (which day a bar falls on, where a week
 * starts), with the browser's Intl only. Who is on call is never computed here: the API's final line says so.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at instant `t`, as if it were UTC (milliseconds). */
export function localOf(zone: string, t: number): number {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(t)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant a wall-clock time in `zone` names (a skipped time moves forward, a repeated one takes the first). */
export function instantOf(zone: string, local: number): number {
  const before = localOf(zone, local) - local;
  const after = localOf(zone, local - before) - (local - before);
  const candidates = [local - Math.max(before, after), local - Math.min(before, after)];
  return candidates.find((t) => localOf(zone, t) === local) ?? local - Math.min(before, after);
}

/** Midnight (in `zone`) of the Monday of the week holding instant `t`, as a local day number (UTC ms). */
export function mondayOf(zone: string, t: number): number {
  const local = localOf(zone, t);
  const day = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return day - weekday * DAY_MS;
}

/** `YYYY-MM-DD` of a local day number, and back (null when it is no date). */
export const dayText = (localDay: number) => new Date(localDay).toISOString().slice(0, 10);
export function parseDay(text: string | null): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The instants where each local day from `firstDay` starts, `count + 1` of them (the last ends the range). */
export function dayStarts(zone: string, firstDay: number, count: number): number[] {
  return Array.from({ length: count + 1 }, (_, i) => instantOf(zone, firstDay + i * DAY_MS));
}

/** Local `YYYY-MM-DDTHH:mm` (a datetime-local field) in `zone` -> ISO instant; null when it is empty or no time. */
export function instantFromField(zone: string, value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  return new Date(instantOf(zone, Date.UTC(y, mo - 1, d, h, mi))).toISOString();
}

/** An instant as a datetime-local field's value in `zone`. */
export const fieldFromInstant = (zone: string, t: number) => new Date(localOf(zone, t)).toISOString().slice(0, 16);

/** "Mon 3 Mar, 09:00" in the schedule's zone. */
export const shortTime = (zone: string, iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

export const dayLabel = (localDay: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(localDay),
  );

export const monthLabel = (localDay: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(localDay));

/** How long a stretch is, said plainly ("12 hours", "1 day 1 hour"). */
export function lengthText(start: string, end: string): string {
  const minutes = Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '',
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} min${rest === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '0 mins';
}

/** What the zone's change did to a shift ("1 hour longer: clocks went back"). */
export function lengthChangeText(minutes: number): string | null {
  if (minutes === 0) return null;
  const amount = Math.abs(minutes) === 60 ? '1 hour' : `${Math.abs(minutes)} minutes`;
  return minutes > 0 ? `${amount} longer: the clocks went back` : `${amount} shorter: the clocks went forward`;
}
