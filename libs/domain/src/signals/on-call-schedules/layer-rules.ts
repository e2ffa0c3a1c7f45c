import { FIELD_MESSAGES, ID_MAX_LENGTH } from '../../shared/field-rules';
import { instantMs, SCHEDULE_MESSAGES } from './schedule-fields';
import { isTimeZone } from './wall-clock';

/**
 * The layers' rules as the API names their fields (`layers[0].rotation.handoff_time`). Interim: the definition's
 * own validation (written next to the pure function) takes over where it covers the same ground.
 */
export const LAYERS_MAX = 10;
export const SLOTS_MAX = 50;
export const SLOT_USERS_MAX = 10;
export const RESTRICTIONS_MAX = 14;
export const SHIFT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
const SHIFT_MAX: Record<(typeof SHIFT_UNITS)[number], number> = { hours: 24 * 28, days: 90, weeks: 12, months: 12 };
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const obj = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function layersErrors(timeZone: unknown, layers: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!isTimeZone(timeZone)) errors.time_zone = ['time_zone must be an IANA time zone, like Europe/London'];
  if (!Array.isArray(layers)) {
    errors.layers = [layers == null ? FIELD_MESSAGES.required('layers') : 'layers must be a list'];
    return errors;
  }
  if (layers.length > LAYERS_MAX) {
    errors.layers = [`layers must hold at most ${LAYERS_MAX} layers`];
    return errors;
  }
  const ids = new Set<string>();
  layers.forEach((layer: unknown, i) => {
    const at = `layers[${i}]`;
    if (!obj(layer)) {
      errors[at] = [`${at} must be an object with name and rotation`];
      return;
    }
    if (typeof layer.id !== 'string' || !layer.id || layer.id.length > ID_MAX_LENGTH)
      errors[`${at}.id`] = [FIELD_MESSAGES.required(`${at}.id`)];
    else if (ids.has(layer.id)) errors[`${at}.id`] = [`${at}.id names another layer's id`];
    else ids.add(layer.id);
    const name = typeof layer.name === 'string' ? layer.name.trim() : '';
    if (!name) errors[`${at}.name`] = [FIELD_MESSAGES.required(`${at}.name`)];
    else if (name.length > 100) errors[`${at}.name`] = [FIELD_MESSAGES.maxLength(`${at}.name`, 100)];
    if (layer.endsAt !== null && layer.endsAt !== undefined && instantMs(layer.endsAt) === null)
      errors[`${at}.ends_at`] = [SCHEDULE_MESSAGES.instant(`${at}.ends_at`)];
    const rotation = layer.rotation;
    const r = `${at}.rotation`;
    if (!obj(rotation)) {
      errors[r] = [`${r} must be an object`];
      return;
    }
    const slots = rotation.slots;
    if (!Array.isArray(slots) || slots.length === 0 || slots.length > SLOTS_MAX)
      errors[`${r}.slots`] = [`${r}.slots must hold 1 to ${SLOTS_MAX} slots of users`];
    else
      slots.forEach((slot: unknown, j) => {
        if (
          !Array.isArray(slot) ||
          slot.length === 0 ||
          slot.length > SLOT_USERS_MAX ||
          !slot.every((id) => typeof id === 'string' && id.trim() !== '' && id.length <= ID_MAX_LENGTH)
        )
          errors[`${r}.slots[${j}]`] = [`${r}.slots[${j}] must name 1 to ${SLOT_USERS_MAX} users`];
        else if (new Set(slot).size !== slot.length)
          errors[`${r}.slots[${j}]`] = [`${r}.slots[${j}] names a user twice`];
      });
    const shift = rotation.shift;
    if (
      !obj(shift) ||
      !(SHIFT_UNITS as readonly unknown[]).includes(shift.unit) ||
      typeof shift.count !== 'number' ||
      !Number.isInteger(shift.count) ||
      shift.count < 1 ||
      shift.count > SHIFT_MAX[shift.unit as (typeof SHIFT_UNITS)[number]]
    )
      errors[`${r}.shift_length`] = [
        `${r}.shift_length must be an ISO-8601 duration of whole hours (PT1H to PT672H), days (P1D to P90D), weeks (P1W to P12W) or months (P1M to P12M)`,
      ];
    if (typeof rotation.handoffTime !== 'string' || !HH_MM.test(rotation.handoffTime))
      errors[`${r}.handoff_time`] = [`${r}.handoff_time must be a time of day, HH:mm`];
    if (
      typeof rotation.startDate !== 'string' ||
      !DATE.test(rotation.startDate) ||
      Number.isNaN(Date.parse(`${rotation.startDate}T00:00:00Z`))
    )
      errors[`${r}.start_date`] = [`${r}.start_date must be a date, YYYY-MM-DD`];
    const restrictions = rotation.restrictions;
    if (!Array.isArray(restrictions) || restrictions.length > RESTRICTIONS_MAX) {
      errors[`${r}.restrictions`] = [`${r}.restrictions must be a list of at most ${RESTRICTIONS_MAX}`];
      return;
    }
    restrictions.forEach((restriction: unknown, k) => {
      const q = `${r}.restrictions[${k}]`;
      if (!obj(restriction) || (restriction.type !== 'daily' && restriction.type !== 'weekly')) {
        errors[`${q}.type`] = [FIELD_MESSAGES.oneOf(`${q}.type`, ['daily', 'weekly'])];
        return;
      }
      if (typeof restriction.startTime !== 'string' || !HH_MM.test(restriction.startTime))
        errors[`${q}.start_time`] = [`${q}.start_time must be a time of day, HH:mm`];
      const max = restriction.type === 'daily' ? 24 * 60 : 7 * 24 * 60;
      const d = restriction.durationMinutes;
      if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > max)
        errors[`${q}.duration`] = [
          FIELD_MESSAGES.minutes(`${q}.duration`, 'PT1M', restriction.type === 'daily' ? 'PT24H' : 'PT168H'),
        ];
      if (restriction.type === 'weekly') {
        const day = restriction.startDay;
        if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7)
          errors[`${q}.start_day`] = [`${q}.start_day must be an ISO weekday, 1 (Monday) to 7 (Sunday)`];
      }
    });
  });
  return errors;
}
