import { longestDelayWithin } from '../notification-preferences/delay-options';
import { AUTO_FIX_TYPES } from '../notification-preferences/auto-fix';
import type { NotificationType } from '../notification-preferences/notification-types';
import {
  applicableItems,
  isItemMet,
  settingCompliance,
  type CompliancePolicyItem,
  type ComplianceSetting,
  type SettingCompliance,
} from './compliance';
import { COMPLIANCE_LABELS, policyHint } from './compliance-messages';
import { NOTIFICATION_GROUP_METHOD_LABELS, type NotificationGroupMethod, type Priority } from './constants';
import { isCoveredByPolicy, type PolicyRole } from './coverage';

/** The spec's Compliance result (SPEC.md section 3). */
export interface ComplianceResult {
  notification_policy_item_id: string;
  is_compliant: boolean;
}

/** SPEC.md section 4: what a setting's row shows. */
export type RowDisplay =
  | { state: 'compliant'; label: string }
  | { state: 'non_compliant'; label: string; requiredDelay: string; hint: string }
  | { state: 'not_required'; label: string }
  | { state: 'no_policy'; label: string };

/**
 * A policy item no setting meets and no setting even applies to, shown as a row with Add; `prefill` is the
 * row Add starts from. An item with an applicable setting that is too slow is not listed: that setting's row
 * is flagged non-compliant with the delay it needs, and fixing it (not adding a second step) meets the item.
 */
export interface UnmetPolicyRow {
  notification_policy_item_id: string;
  priority: Priority;
  notification_group_method: NotificationGroupMethod;
  label: string;
  max_delay: string;
  action: 'Add';
  prefill: { notification_type: NotificationType; delay: string; notification_priority: Priority };
}

export interface Compliance {
  items: ComplianceResult[];
  settings: Array<{ id: string; compliance: SettingCompliance; display: RowDisplay }>;
  unmet: UnmetPolicyRow[];
  /** Every item is met; when false the banner shows and 'Match & update all' is offered. */
  compliant: boolean;
}

/**
 * A slow setting whose items are all met by others in its group is "not required by policy": the
 * group already delivers in time, so the row is not flagged.
 */
function rowDisplay(compliance: SettingCompliance, groupMeetsItsItems: boolean): RowDisplay {
  switch (compliance.status) {
    case 'no_policy':
    case 'no_applicable_policy':
      return { state: 'no_policy', label: COMPLIANCE_LABELS[compliance.status] };
    case 'compliant':
      return { state: 'compliant', label: COMPLIANCE_LABELS.compliant };
    case 'non_compliant':
      return groupMeetsItsItems
        ? { state: 'not_required', label: COMPLIANCE_LABELS.not_required }
        : {
            state: 'non_compliant',
            label: COMPLIANCE_LABELS.required_delay,
            requiredDelay: compliance.requiredDelay,
            hint: policyHint(compliance.requiredDelay),
          };
  }
}

function unmetRow(item: CompliancePolicyItem): UnmetPolicyRow {
  return {
    notification_policy_item_id: item.id,
    priority: item.priority,
    notification_group_method: item.notification_group_method,
    label: NOTIFICATION_GROUP_METHOD_LABELS[item.notification_group_method],
    max_delay: item.max_delay,
    action: 'Add',
    prefill: {
      notification_type: AUTO_FIX_TYPES[item.notification_group_method][0],
      delay: longestDelayWithin(item.max_delay),
      notification_priority: item.priority,
    },
  };
}

/** How a user's settings fare against the organization's policy: per item, per setting and overall. */
export function complianceOf(
  policyItems: readonly CompliancePolicyItem[],
  settings: readonly ComplianceSetting[],
): Compliance {
  const met = new Map(policyItems.map((item) => [item.id, isItemMet(item, settings)]));
  const flagged = new Set(settings.flatMap((setting) => applicableItems(policyItems, setting).map((item) => item.id)));
  return {
    items: policyItems.map((item) => ({
      notification_policy_item_id: item.id,
      is_compliant: met.get(item.id) === true,
    })),
    settings: settings.map((setting) => {
      const compliance = settingCompliance(policyItems, setting);
      const groupMeetsItsItems = applicableItems(policyItems, setting).every((item) => met.get(item.id));
      return { id: setting.id, compliance, display: rowDisplay(compliance, groupMeetsItsItems) };
    }),
    unmet: policyItems.filter((item) => !met.get(item.id) && !flagged.has(item.id)).map(unmetRow),
    compliant: [...met.values()].every(Boolean),
  };
}

/**
 * A user's compliance as their role stands: the policy covers members and owners (coverage.ts); anyone else
 * has no item to meet, is compliant, and their rows say the policy does not cover them.
 */
export function complianceFor(
  role: PolicyRole | null | undefined,
  policyItems: readonly CompliancePolicyItem[],
  settings: readonly ComplianceSetting[],
): Compliance {
  if (isCoveredByPolicy(role)) return complianceOf(policyItems, settings);
  const display: RowDisplay = { state: 'no_policy', label: COMPLIANCE_LABELS.not_covered };
  return {
    items: [],
    settings: settings.map((setting) => ({ id: setting.id, compliance: { status: 'no_policy' }, display })),
    unmet: [],
    compliant: true,
  };
}
