import type { DestinationOption, NotificationSetting, NotificationSettingRequest } from '@tocsin/contracts';
import { noDestinationsMessage, type NotificationRow, type Priority } from '@tocsin/domain';
import * as yup from 'yup';
import { choiceOf, destinationKey, destinationsForChoice, typeToSave, type TypeChoice } from './type-options';

/** A step row while it is edited: select values, '' while empty. */
export interface StepValues {
  type: TypeChoice | '';
  destination: string;
  delay: string;
}

/** The row being edited: a saved setting (by id) or the one new row, in its priority. */
export interface Draft {
  id?: string;
  priority: Priority;
  values: StepValues;
}

export const EMPTY_STEP: StepValues = { type: '', destination: '', delay: '' };

export const REQUIRED = 'Required';

export interface StepFormContext {
  destinations: readonly DestinationOption[];
}

/**
 * SPEC.md section 5: type and delay are required ('Required'). A type needs a destination of its kind;
 * with none available the row says so in the spec's words rather than a bare 'Required'.
 */
export const stepSchema = yup.object({
  type: yup.string<TypeChoice | ''>().defined().required(REQUIRED),
  delay: yup.string().defined().required(REQUIRED),
  destination: yup
    .string()
    .defined()
    .test('destination', REQUIRED, function check(value) {
      const { type } = this.parent as StepValues;
      if (!type || value) return true;
      const { destinations } = (this.options.context ?? { destinations: [] }) as StepFormContext;
      const message = destinationsForChoice(type, destinations).length === 0 ? noDestinationsMessage(type) : REQUIRED;
      return this.createError({ message });
    }),
});

export function valuesOf(
  setting: Pick<NotificationSetting, 'notification_type' | 'destination' | 'delay'>,
): StepValues {
  return {
    type: choiceOf(setting.notification_type),
    destination: destinationKey(setting.destination),
    delay: setting.delay,
  };
}

/** The first destination a type can use, so choosing a type usually completes the row. */
export function firstDestination(type: TypeChoice | '', destinations: readonly DestinationOption[]): string {
  const [first] = type ? destinationsForChoice(type, destinations) : [];
  return first ? destinationKey(first) : '';
}

/** The row as the domain's row rules see it (complete, duplicable). */
export function rowOf(draft: Draft, destinations: readonly DestinationOption[]): NotificationRow {
  const destination = destinations.find((candidate) => destinationKey(candidate) === draft.values.destination);
  return {
    id: draft.id,
    notification_type: draft.values.type ? typeToSave(draft.values.type, destination?.type) : null,
    destination: destination ? { type: destination.type, value: destination.value } : null,
    delay: draft.values.delay || null,
    notification_priority: draft.priority,
  };
}

/** What POST/PATCH send; a destination no longer offered is sent as it was, for the server to judge. */
export function requestOf(
  values: StepValues,
  priority: Priority,
  destinations: readonly DestinationOption[],
): NotificationSettingRequest {
  const destination = destinations.find((candidate) => destinationKey(candidate) === values.destination);
  const [type, ...rest] = values.destination.split(':');
  const sent = destination ? { type: destination.type, value: destination.value } : { type, value: rest.join(':') };
  return {
    notification_type: typeToSave(values.type as TypeChoice, sent.type),
    destination: sent as NotificationSettingRequest['destination'],
    delay: values.delay,
    notification_priority: priority,
  };
}
