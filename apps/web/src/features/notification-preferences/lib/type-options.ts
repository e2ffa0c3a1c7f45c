import type { DestinationOption } from '@tocsin/contracts';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, destinationsFor, type NotificationType } from '@tocsin/domain';

/**
 * What the type select offers. Both device kinds read as Push (SPEC.md section 3), so they are one
 * choice, 'apns', whose destinations are the user's devices of either kind; the saved type is then the
 * chosen device's own kind.
 */
export type TypeChoice = Exclude<NotificationType, 'fcm'>;

export function typeChoices({ hideWhatsApp }: { hideWhatsApp: boolean }): Array<{ value: TypeChoice; label: string }> {
  return NOTIFICATION_TYPES.filter(
    (type): type is TypeChoice => type !== 'fcm' && !(hideWhatsApp && type === 'whats_app'),
  ).map((value) => ({
    value,
    label: NOTIFICATION_TYPE_LABELS[value],
  }));
}

export const choiceOf = (type: NotificationType): TypeChoice => (type === 'fcm' ? 'apns' : type);

/** The destinations a choice can use, in the order GET signals/destinations gave them. */
export function destinationsForChoice(
  choice: TypeChoice,
  available: readonly DestinationOption[],
): DestinationOption[] {
  const kinds = choice === 'apns' ? (['apns', 'fcm'] as const) : [choice];
  return available.filter((destination) => kinds.some((kind) => destinationsFor(kind, [destination]).length > 0));
}

/** The type a setting is saved with: Push takes its device's kind. */
export function typeToSave(choice: TypeChoice, destinationType: string | undefined): NotificationType {
  return choice === 'apns' && destinationType === 'fcm' ? 'fcm' : choice;
}

/** A destination's key in a select: type and value together, since an email and a phone could share a value. */
export const destinationKey = (destination: { type: string; value: string }) =>
  `${destination.type}:${destination.value}`;
