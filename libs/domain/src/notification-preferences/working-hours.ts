/** SPEC.md section 3: what the notification form starts from when working hours are shown. */
export const WORKING_HOURS_DEFAULTS = {
  hours_setting: 'standard',
  workdays: 'weekdays',
  start_time: '09:00',
  end_time: '17:00',
  time_zone: 'UTC',
  days: {
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: false,
    sunday: false,
  },
} as const;

/** Standard hours are WORKING_HOURS_DEFAULTS'; custom ones are the setting's own. */
export const HOURS_SETTINGS = ['standard', 'custom'] as const;
export type HoursSetting = (typeof HOURS_SETTINGS)[number];
/** Weekdays are Monday to Friday; custom days are the setting's own. */
export const WORKDAYS_SETTINGS = ['weekdays', 'custom'] as const;
export type WorkdaysSetting = (typeof WORKDAYS_SETTINGS)[number];
