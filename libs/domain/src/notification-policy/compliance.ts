import { parseDuration } from '../shared/duration';
import { NOTIFICATION_CHANNELS, type NotificationType } from '../notification-preferences/notification-types';
import type { NotificationGroupMethod, Priority } from './constants';
import type { PolicyItemFields } from './events';

/** What compliance needs of a policy item and of a setting (read models and forms both fit). */
export interface CompliancePolicyItem extends PolicyItemFields {
  id: string;
}
export interface ComplianceSetting {
  id: string;
  notification_type: NotificationType;
  delay: string;
  notification_priority: Priority;
}

/**
 * SPEC.md section 5: an item applies when its method is 'any' or the setting's channel maps to it.
 * 'apns' and 'fcm' are methods that are no channel (both map to push), so read literally they would
 * apply to nothing; they apply to settings of that exact platform, while 'push' takes either.
 */
export function appliesTo(method: NotificationGroupMethod, type: NotificationType): boolean {
  return method === 'any' || method === NOTIFICATION_CHANNELS[type] || method === type;
}

/** Seconds of a delay or limit; an unreadable delay counts as longer than any limit, so it never passes for compliant. */
export const delaySeconds = (duration: string) => parseDuration(duration) ?? Number.POSITIVE_INFINITY;

export function isWithin(delay: string, maxDelay: string): boolean {
  return delaySeconds(delay) <= delaySeconds(maxDelay);
}

/** The items of the setting's priority that apply to its type. */
export function applicableItems(
  items: readonly CompliancePolicyItem[],
  setting: ComplianceSetting,
): CompliancePolicyItem[] {
  return items.filter(
    (item) =>
      item.priority === setting.notification_priority &&
      appliesTo(item.notification_group_method, setting.notification_type),
  );
}

/** The smallest max_delay among the applicable items, as the item wrote it; null when none applies. */
export function requiredDelay(items: readonly CompliancePolicyItem[], setting: ComplianceSetting): string | null {
  const limits = applicableItems(items, setting).map((item) => item.max_delay);
  return limits.reduce<string | null>(
    (smallest, limit) => (smallest === null || delaySeconds(limit) < delaySeconds(smallest) ? limit : smallest),
    null,
  );
}

export type SettingCompliance =
  | { status: 'no_policy' }
  | { status: 'no_applicable_policy' }
  | { status: 'compliant'; requiredDelay: string }
  | { status: 'non_compliant'; requiredDelay: string };

/** SPEC.md section 4, "Compliance of one setting". */
export function settingCompliance(
  items: readonly CompliancePolicyItem[],
  setting: ComplianceSetting,
): SettingCompliance {
  if (items.length === 0) return { status: 'no_policy' };
  const required = requiredDelay(items, setting);
  if (required === null) return { status: 'no_applicable_policy' };
  return { status: isWithin(setting.delay, required) ? 'compliant' : 'non_compliant', requiredDelay: required };
}

/** An item is met when at least one applicable setting of its priority is fast enough. */
export function isItemMet(item: CompliancePolicyItem, settings: ReadonlyArray<Omit<ComplianceSetting, 'id'>>): boolean {
  return settings.some(
    (setting) =>
      setting.notification_priority === item.priority &&
      appliesTo(item.notification_group_method, setting.notification_type) &&
      isWithin(setting.delay, item.max_delay),
  );
}

/** Compliant: every policy item is met (no policy at all is compliant too). */
export function meetsPolicy(
  items: readonly CompliancePolicyItem[],
  settings: ReadonlyArray<Omit<ComplianceSetting, 'id'>>,
): boolean {
  return items.every((item) => isItemMet(item, settings));
}
