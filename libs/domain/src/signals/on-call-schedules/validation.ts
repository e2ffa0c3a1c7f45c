import { FIELD_MESSAGES } from '../../shared/field-rules';
import {
  asGiven,
  type Errors,
  type FieldNamer,
  isClock,
  isDate,
  isInstant,
  isRecord,
  isTimeZone,
  listAt,
  refuse,
  RESTRICTION_MINUTES_MAX,
  RESTRICTION_TYPES,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SHIFT_COUNT_MAX,
  SHIFT_UNITS,
  userIdProblem,
} from './field-rules';
import { overridesErrors, temporarySchedulesErrors } from './range-validation';

/**
 * The field messages of a schedule's rules (a ScheduleDefinition as the client sent it), keyed by field path;
 * empty when it is valid. One source for the API's 400 and the editor's inline errors. Takes anything: the
 * values arrive as the client sent them. `name` spells a path as the request does (`snakeCasePath`).
 */
export function scheduleDefinitionErrors(definition: unknown, name: FieldNamer = asGiven): Errors {
  const errors: Errors = {};
  if (!isRecord(definition)) {
    refuse(errors, name('definition'), SCHEDULE_MESSAGES.object(name('definition')));
    return errors;
  }
  const { timeZone, layers, overrides, temporarySchedules } = definition;
  if (!isTimeZone(timeZone)) refuse(errors, name('timeZone'), SCHEDULE_MESSAGES.timeZone(name('timeZone')));
  Object.assign(errors, layersErrors(layers, name));
  Object.assign(errors, overridesErrors(overrides, name));
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  Object.assign(errors, temporarySchedulesErrors(temporarySchedules, zone, name));
  return errors;
}

/** The layers: bounded, each with a unique id, a name and a valid rotation. */
export function layersErrors(layers: unknown, name: FieldNamer = asGiven): Errors {
  const errors: Errors = {};
  const list = listAt(errors, layers, name('layers'), SCHEDULE_LIMITS.layers, 'layers');
  const ids = new Set<string>();
  list?.forEach((layer, i) => {
    const at = `layers[${i}]`;
    if (!isRecord(layer)) return refuse(errors, name(at), SCHEDULE_MESSAGES.object(name(at)));
    const idProblem = userIdProblem(layer.id, name(`${at}.id`));
    if (idProblem) refuse(errors, name(`${at}.id`), idProblem);
    else if (ids.has(layer.id as string))
      refuse(errors, name(`${at}.id`), SCHEDULE_MESSAGES.twice(name('layers'), 'layer id'));
    ids.add(String(layer.id));
    const layerName = typeof layer.name === 'string' ? layer.name.trim() : '';
    if (!layerName) refuse(errors, name(`${at}.name`), FIELD_MESSAGES.required(name(`${at}.name`)));
    else if (layerName.length > SCHEDULE_LIMITS.layerNameLength)
      refuse(errors, name(`${at}.name`), FIELD_MESSAGES.maxLength(name(`${at}.name`), SCHEDULE_LIMITS.layerNameLength));
    if (layer.endsAt !== null && layer.endsAt !== undefined && !isInstant(layer.endsAt))
      refuse(errors, name(`${at}.endsAt`), `${SCHEDULE_MESSAGES.instant(name(`${at}.endsAt`))}, or null to run on`);
    rotationErrors(errors, layer.rotation, `${at}.rotation`, name);
  });
  return errors;
}

function rotationErrors(errors: Errors, rotation: unknown, at: string, name: FieldNamer): void {
  if (!isRecord(rotation)) return refuse(errors, name(at), SCHEDULE_MESSAGES.object(name(at)));
  const { slots, shift, handoffTime, startDate, restrictions } = rotation;
  const slotList = listAt(errors, slots, name(`${at}.slots`), SCHEDULE_LIMITS.slots, 'slots');
  if (slotList?.length === 0)
    refuse(errors, name(`${at}.slots`), SCHEDULE_MESSAGES.listMin(name(`${at}.slots`), 'slot'));
  slotList?.forEach((slot, i) => {
    const s = `${at}.slots[${i}]`;
    const users = listAt(errors, slot, name(s), SCHEDULE_LIMITS.usersPerSlot, 'people');
    if (users?.length === 0) refuse(errors, name(s), SCHEDULE_MESSAGES.listMin(name(s), 'person'));
    const seen = new Set<unknown>();
    users?.forEach((userId, j) => {
      const problem = userIdProblem(userId, name(`${s}[${j}]`));
      if (problem) refuse(errors, name(`${s}[${j}]`), problem);
      else if (seen.has(userId)) refuse(errors, name(`${s}[${j}]`), SCHEDULE_MESSAGES.twice(name(s), 'person'));
      seen.add(userId);
    });
  });
  if (!isRecord(shift)) refuse(errors, name(`${at}.shift`), SCHEDULE_MESSAGES.object(name(`${at}.shift`)));
  else if (!SHIFT_UNITS.includes(shift.unit as never))
    refuse(errors, name(`${at}.shift.unit`), FIELD_MESSAGES.oneOf(name(`${at}.shift.unit`), SHIFT_UNITS));
  else {
    const unit = shift.unit as keyof typeof SHIFT_COUNT_MAX;
    const count = shift.count;
    if (!(Number.isInteger(count) && (count as number) >= 1 && (count as number) <= SHIFT_COUNT_MAX[unit]))
      refuse(errors, name(`${at}.shift.count`), SCHEDULE_MESSAGES.shiftCount(name(`${at}.shift.count`), unit));
  }
  if (!isClock(handoffTime))
    refuse(errors, name(`${at}.handoffTime`), SCHEDULE_MESSAGES.clock(name(`${at}.handoffTime`)));
  if (!isDate(startDate)) refuse(errors, name(`${at}.startDate`), SCHEDULE_MESSAGES.date(name(`${at}.startDate`)));
  const restrictionList = listAt(
    errors,
    restrictions ?? [],
    name(`${at}.restrictions`),
    SCHEDULE_LIMITS.restrictions,
    'restrictions',
  );
  restrictionList?.forEach((restriction, i) =>
    restrictionErrors(errors, restriction, `${at}.restrictions[${i}]`, name),
  );
}

function restrictionErrors(errors: Errors, restriction: unknown, at: string, name: FieldNamer): void {
  if (!isRecord(restriction)) return refuse(errors, name(at), SCHEDULE_MESSAGES.object(name(at)));
  const { type, startTime, startDay, durationMinutes } = restriction;
  if (!RESTRICTION_TYPES.includes(type as never))
    return refuse(errors, name(`${at}.type`), FIELD_MESSAGES.oneOf(name(`${at}.type`), RESTRICTION_TYPES));
  if (!isClock(startTime)) refuse(errors, name(`${at}.startTime`), SCHEDULE_MESSAGES.clock(name(`${at}.startTime`)));
  if (type === 'weekly' && !(Number.isInteger(startDay) && (startDay as number) >= 1 && (startDay as number) <= 7))
    refuse(errors, name(`${at}.startDay`), SCHEDULE_MESSAGES.weekday(name(`${at}.startDay`)));
  const max = RESTRICTION_MINUTES_MAX[type as keyof typeof RESTRICTION_MINUTES_MAX];
  if (!(Number.isInteger(durationMinutes) && (durationMinutes as number) >= 1 && (durationMinutes as number) <= max))
    refuse(
      errors,
      name(`${at}.durationMinutes`),
      SCHEDULE_MESSAGES.restrictionLength(name(`${at}.durationMinutes`), type as keyof typeof RESTRICTION_MINUTES_MAX),
    );
}
