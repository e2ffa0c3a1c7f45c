import * as yup from 'yup';
import type { Maintenance, MaintenanceRequest, MaintenanceStatusName } from '@tocsin/contracts';
import {
  MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH,
  MAINTENANCE_ENDS_AFTER_START_MESSAGE,
  MAINTENANCE_MAX_DAYS,
  MAINTENANCE_NAME_MAX_LENGTH,
  MAINTENANCE_NOTHING_COVERED_MESSAGE,
  MAINTENANCE_SERVICE_MAX_LENGTH,
  MAINTENANCE_SERVICES_MAX,
  MAINTENANCE_TOO_LONG_MESSAGE,
} from '@tocsin/domain';

export const STATUS_LABELS: Record<MaintenanceStatusName, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it: the browser's local time, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time, no zone) as the instant the API takes. */
export const fromLocalInput = (local: string) => new Date(local).toISOString();

const localTime = yup
  .string()
  .required()
  .test('time', '${label} must be a date and time', (value) => !!value && !Number.isNaN(Date.parse(value)));

/** The decider's rules and words; whether a source is the organization's the API says. */
export const maintenanceSchema = yup
  .object({
    name: yup.string().label('name').trim().required().max(MAINTENANCE_NAME_MAX_LENGTH),
    starts_at: localTime.label('starts_at'),
    ends_at: localTime
      .label('ends_at')
      .test('after', MAINTENANCE_ENDS_AFTER_START_MESSAGE, (value, context) => {
        const start = Date.parse(context.parent.starts_at);
        return Number.isNaN(start) || Date.parse(value ?? '') > start;
      })
      .test('length', MAINTENANCE_TOO_LONG_MESSAGE, (value, context) => {
        const start = Date.parse(context.parent.starts_at);
        return Number.isNaN(start) || Date.parse(value ?? '') - start <= MAINTENANCE_MAX_DAYS * 86_400_000;
      }),
    services: yup
      .array(yup.string().required().max(MAINTENANCE_SERVICE_MAX_LENGTH))
      .max(MAINTENANCE_SERVICES_MAX)
      .required()
      .test('covered', MAINTENANCE_NOTHING_COVERED_MESSAGE, (value, context) => {
        return (value?.length ?? 0) > 0 || (context.parent.source_ids?.length ?? 0) > 0;
      }),
    source_ids: yup.array(yup.string().required()).required(),
    announcement: yup.string().label('announcement').max(MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH).default(''),
  })
  .required();

export type MaintenanceFormValues = yup.InferType<typeof maintenanceSchema>;

/** A new maintenance starts on the next hour and lasts two hours until changed. */
export function maintenanceFormValues(maintenance?: Maintenance, now = Date.now()): MaintenanceFormValues {
  const nextHour = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    name: maintenance?.name ?? '',
    starts_at: toLocalInput(maintenance?.starts_at ?? new Date(nextHour).toISOString()),
    ends_at: toLocalInput(maintenance?.ends_at ?? new Date(nextHour + 2 * 3_600_000).toISOString()),
    services: maintenance?.services ?? [],
    source_ids: maintenance?.source_ids ?? [],
    announcement: maintenance?.announcement ?? '',
  };
}

export const maintenanceRequest = (values: MaintenanceFormValues): MaintenanceRequest => ({
  name: values.name.trim(),
  starts_at: fromLocalInput(values.starts_at),
  ends_at: fromLocalInput(values.ends_at),
  services: values.services,
  source_ids: values.source_ids,
  announcement: values.announcement ?? '',
});

const WINDOW_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** The window in the browser's local time: "Fri, 1 May 2026, 22:00 – Sat, 2 May 2026, 02:00". */
export function windowText(maintenance: Pick<Maintenance, 'starts_at' | 'ends_at'>, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, WINDOW_FORMAT);
  return `${format.format(new Date(maintenance.starts_at))} – ${format.format(new Date(maintenance.ends_at))}`;
}
