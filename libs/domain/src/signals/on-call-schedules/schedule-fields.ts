import { FIELD_MESSAGES } from '../../shared/field-rules';
import { isInstant, isTimeZone, SCHEDULE_MESSAGES, snakeCasePath, type FieldNamer } from './field-rules';
import type { ScheduleLayer, ShiftLength } from './model';
import { layersErrors } from './validation';

/**
 * The rules of what the schedule API's commands carry beside the definition (whose rules are `validation.ts`
 * and `range-validation.ts`): a schedule's name, a swap's range and note; and how the API spells the
 * definition's fields (`layers[0].rotation.shift_length`, ISO-8601 lengths).
 */
export const SCHEDULE_NAME_MAX_LENGTH = 100;
export const SWAP_NOTE_MAX_LENGTH = 500;
/** A swap asks for at most this much cover at once. */
export const SWAP_MAX_DAYS = 31;

const DAY = 86_400_000;

/** An instant in ms, or null when the text is not an ISO-8601 date-time with an offset. */
export const instantMs = (value: unknown): number | null => (isInstant(value) ? Date.parse(value) : null);

/**
 * The definition's field paths as the API's bodies spell them: snake_case, a shift as `shift_length` and a
 * restriction's minutes as `duration` (both ISO-8601 on the wire), with `prefix` dropped (an override or a
 * temporary schedule is the body itself).
 */
export const apiFieldNamer =
  (prefix = ''): FieldNamer =>
  (path) =>
    snakeCasePath(prefix && path.startsWith(prefix) ? path.slice(prefix.length).replace(/^\./, '') : path)
      .replace(/\.shift(\.(unit|count))?$/, '.shift_length')
      .replace(/\.duration_minutes$/, '.duration');

/** A schedule's zone and layers, named as the API names them (`time_zone`, `layers[0].rotation.shift_length`). */
export function scheduleRulesErrors(timeZone: unknown, layers: unknown): Record<string, string[]> {
  const errors = layersErrors(layers, apiFieldNamer());
  if (!isTimeZone(timeZone)) errors.time_zone = [SCHEDULE_MESSAGES.timeZone('time_zone')];
  return errors;
}

export function scheduleNameErrors(name: unknown): Record<string, string[]> {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) return { name: [FIELD_MESSAGES.required('name')] };
  if (trimmed.length > SCHEDULE_NAME_MAX_LENGTH)
    return { name: [FIELD_MESSAGES.maxLength('name', SCHEDULE_NAME_MAX_LENGTH)] };
  return {};
}

/** A swap request: `start` before `end`, at most SWAP_MAX_DAYS, and a short note. */
export function swapErrors(start: unknown, end: unknown, note: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const [s, e] = [instantMs(start), instantMs(end)];
  if (s === null) errors.start = [SCHEDULE_MESSAGES.instant('start')];
  if (e === null) errors.end = [SCHEDULE_MESSAGES.instant('end')];
  if (s !== null && e !== null && e <= s) errors.end = [SCHEDULE_MESSAGES.after('end', 'start')];
  else if (s !== null && e !== null && e - s > SWAP_MAX_DAYS * DAY)
    errors.end = [`end must be at most ${SWAP_MAX_DAYS} days after start: ask for a shorter stretch`];
  if (typeof note !== 'string' || note.length > SWAP_NOTE_MAX_LENGTH)
    errors.note = [FIELD_MESSAGES.maxLength('note', SWAP_NOTE_MAX_LENGTH)];
  return errors;
}

/** Every user id a definition's layers name. */
export const usersOfLayers = (layers: readonly ScheduleLayer[]) =>
  layers.flatMap((layer) => (Array.isArray(layer?.rotation?.slots) ? layer.rotation.slots.flat() : []));

const SHIFT_LENGTH = /^P(?:(\d{1,5})([DWM])|T(\d{1,5})H)$/;
const SHIFT_UNIT_OF = { D: 'days', W: 'weeks', M: 'months' } as const;

/** A shift length as the API writes it: PT12H (hours), P1D (days), P1W (weeks), P1M (months); null otherwise. */
export function parseShiftLength(text: unknown): ShiftLength | null {
  if (typeof text !== 'string') return null;
  const match = SHIFT_LENGTH.exec(text);
  if (!match) return null;
  if (match[3] !== undefined) return { unit: 'hours', count: Number(match[3]) };
  return { unit: SHIFT_UNIT_OF[match[2] as 'D' | 'W' | 'M'], count: Number(match[1]) };
}

export function formatShiftLength(shift: ShiftLength): string {
  if (shift.unit === 'hours') return `PT${shift.count}H`;
  return `P${shift.count}${shift.unit === 'days' ? 'D' : shift.unit === 'weeks' ? 'W' : 'M'}`;
}
