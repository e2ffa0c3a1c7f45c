import type { HandoffNotificationSetting } from '@tocsin/contracts';
import {
  MAX_NOTIFY_BEFORE_MINUTES,
  NOTIFICATION_TYPE_LABELS,
  WEEKDAYS,
  WORKING_HOURS_DEFAULTS,
  type HandoffNotificationFields,
  type NotificationType,
  type Weekday,
} from '@tocsin/domain';
import * as yup from 'yup';

export type HandoffValues = Omit<HandoffNotificationFields, 'notification_type' | 'notify_before_minutes'> & {
  notification_type: NotificationType | '';
  notify_before_minutes: number | '';
};

/** A reminder half an hour ahead is what on-call tools usually start from; the hours are SPEC.md section 3's defaults. */
export const DEFAULT_NOTIFY_BEFORE_MINUTES = 30;

export function handoffDefaults(): HandoffValues {
  return {
    ...WORKING_HOURS_DEFAULTS,
    days: { ...WORKING_HOURS_DEFAULTS.days },
    notification_type: '',
    notify_before_minutes: DEFAULT_NOTIFY_BEFORE_MINUTES,
  };
}

export function valuesOfHandoff({
  id: _id,
  created_at: _created,
  updated_at: _updated,
  ...fields
}: HandoffNotificationSetting): HandoffValues {
  return { ...fields, days: { ...fields.days } };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const handoffSchema = yup.object({
  notify_before_minutes: yup
    .number()
    .typeError('Required')
    .required('Required')
    .integer('Must be a whole number of minutes')
    .min(0)
    .max(MAX_NOTIFY_BEFORE_MINUTES),
  notification_type: yup.string().required('Required'),
  start_time: yup.string().required('Required').matches(TIME, 'Use a time such as 09:00'),
  end_time: yup.string().required('Required').matches(TIME, 'Use a time such as 17:00'),
  time_zone: yup.string().required('Required'),
});

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
export const dayLabel = (day: Weekday) => DAY_LABELS[day];

/** 'Email 30 mins before a shift, Mon-Fri 09:00-17:00 UTC'. */
export function describeHandoff(setting: HandoffNotificationFields): string {
  const days = WEEKDAYS.filter((day) => setting.days[day]);
  const when =
    setting.workdays === 'weekdays' ? 'Mon–Fri' : days.length === 0 ? 'no days' : days.map(dayLabel).join(', ');
  const ahead =
    setting.notify_before_minutes === 0 ? 'at the handoff' : `${setting.notify_before_minutes} min before the handoff`;
  return `${NOTIFICATION_TYPE_LABELS[setting.notification_type]} ${ahead}, ${when} ${setting.start_time}–${setting.end_time} ${setting.time_zone}`;
}
