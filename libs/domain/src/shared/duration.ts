/**
 * ISO-8601 durations of the PT#H#M#S form (SPEC.md section 5), in seconds, and their display.
 */
export const ISO_DURATION_PATTERN = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/;
/** Longer duration text is refused before it is parsed: no delay we keep needs more. */
export const ISO_DURATION_MAX_LENGTH = 20;

/** Seconds of a `PT#H#M#S` duration, or null when the text is not of that form. */
export function parseDuration(text: string): number | null {
  const match = ISO_DURATION_PATTERN.exec(text);
  if (!match || text === 'PT') return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/**
 * Whether a value is duration text the api takes: `PT#H#M#S` with at least one part (not a bare `PT`), at
 * most ISO_DURATION_MAX_LENGTH characters. The DTOs and the deciders both ask this, so they cannot differ.
 */
export function isIsoDuration(value: unknown): value is string {
  return typeof value === 'string' && value.length <= ISO_DURATION_MAX_LENGTH && parseDuration(value) !== null;
}

/**
 * Whole minutes of duration text the api takes (`PT15M`, `PT1H30M`, `PT90S` is not whole), or null: the
 * paging timers we keep in minutes (step timeouts, quiet periods) take it from the wire this way.
 */
export function durationMinutes(value: unknown): number | null {
  if (!isIsoDuration(value)) return null;
  const seconds = parseDuration(value)!;
  return seconds % 60 === 0 ? seconds / 60 : null;
}

/** Canonical `PT#H#M#S` text for a number of seconds (`PT0S` for zero). */
export function formatDuration(totalSeconds: number): string {
  if (totalSeconds <= 0) return 'PT0S';
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
}

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? '' : 's'}`;
}

/** 'Immediately', '1 hour', '2 hours', '1 min', '5 mins', '1 sec', '1 hour 30 mins'... */
export function displayDuration(totalSeconds: number): string {
  if (totalSeconds <= 0) return 'Immediately';
  const parts: string[] = [];
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours) parts.push(unit(hours, 'hour'));
  if (minutes) parts.push(unit(minutes, 'min'));
  if (seconds) parts.push(unit(seconds, 'sec'));
  return parts.join(' ');
}

/** The display of a `PT#H#M#S` text; text of another form is shown as written rather than hidden. */
export function displayIsoDuration(text: string): string {
  const seconds = parseDuration(text);
  return seconds === null ? text : displayDuration(seconds);
}
