/**
 * The time where a person is (issue 9: "the on-call person's local time shown on the alert"), so whoever
 * escalates sees that it is 3 a.m. for them. Pure: the instant and the IANA zone come in.
 */
export interface LocalTime {
  /** `YYYY-MM-DD HH:mm` in the zone. */
  local: string;
  /** The zone's offset from UTC at that instant, `+HH:MM`. */
  utcOffset: string;
}

export function localTimeIn(timeZone: string, atMs: number): LocalTime | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(atMs));
  } catch {
    return null; // not a zone this runtime knows
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const local = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  // the offset: the zone's wall clock read as UTC, minus the instant (to the minute)
  const wall = Date.UTC(+part('year'), +part('month') - 1, +part('day'), +part('hour'), +part('minute'));
  const minutes = Math.round((wall - Math.floor(atMs / 60_000) * 60_000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const utcOffset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { local, utcOffset };
}
