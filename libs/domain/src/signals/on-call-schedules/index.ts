export * from './model';
export * from './final-schedule';
export * from './on-call-now';
export { isTimeZone } from './wall-clock';
export {
  SCHEDULE_LIMITS,
  SHIFT_COUNT_MAX,
  SHIFT_UNITS,
  RESTRICTION_TYPES,
  RESTRICTION_MINUTES_MAX,
  OVERRIDE_KINDS,
  SCHEDULE_MESSAGES,
  snakeCasePath,
  isInstant,
  type FieldNamer,
} from './field-rules';
export { scheduleDefinitionErrors, layersErrors } from './validation';
export {
  overrideErrors,
  overridesErrors,
  temporaryScheduleErrors,
  temporarySchedulesErrors,
  scheduleWindowErrors,
} from './range-validation';
export * from './events';
export * from './commands';
export * from './state';
export * from './schedule-fields';
export * from './decide';
export { shiftHours, WORKING_HOURS, type PersonShiftHours } from './shift-hours';
