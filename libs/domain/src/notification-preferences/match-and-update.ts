import { PRIORITIES } from '../notification-policy/constants';
import {
  delaySeconds,
  isItemMet,
  settingCompliance,
  type CompliancePolicyItem,
} from '../notification-policy/compliance';
import { autoFixTarget, unsatisfiableReason } from './auto-fix';
import { longestDelayWithin } from './delay-options';
import type { NotificationSetting, NotificationSettingFields } from './events';
import type { Destination } from './notification-types';

export type MatchOperation =
  | { kind: 'update'; setting: NotificationSetting }
  | { kind: 'create'; itemId: string; setting: NotificationSettingFields };

export interface Unsatisfiable {
  itemId: string;
  reason: string;
}

/** 'Match & update all' as data: the job runs `operations` in order, one by one (SPEC.md section 4). */
export interface MatchPlan {
  operations: MatchOperation[];
  unsatisfiable: Unsatisfiable[];
}

/**
 * Strictest first within a priority, and a named channel before 'any' at the same limit, so one created
 * setting can meet several items (a 5 min voice call also meets 'any within 10 mins').
 */
function fixOrder(a: CompliancePolicyItem, b: CompliancePolicyItem): number {
  const byPriority = PRIORITIES.indexOf(a.priority) - PRIORITIES.indexOf(b.priority);
  const byLimit = delaySeconds(a.max_delay) - delaySeconds(b.max_delay);
  const anyLast = Number(a.notification_group_method === 'any') - Number(b.notification_group_method === 'any');
  return byPriority || byLimit || anyLast;
}

/**
 * Updates first: every setting that is too slow for an item nobody meets gets the required delay (which
 * meets all its items). Then, for items still unmet (no applicable setting at all), a new setting per the
 * auto-fix rules; without a suitable destination the item is unsatisfiable. Delays are the longest option
 * within the limit, so every planned setting passes the setting's own validation.
 */
export function planMatchAndUpdate(
  policyItems: readonly CompliancePolicyItem[],
  settings: readonly NotificationSetting[],
  destinations: readonly Destination[],
): MatchPlan {
  const operations: MatchOperation[] = [];
  const unsatisfiable: Unsatisfiable[] = [];
  const unmetAtStart = policyItems.filter((item) => !isItemMet(item, settings));
  const after: NotificationSetting[] = settings.map((setting) => {
    const compliance = settingCompliance(unmetAtStart, setting);
    if (compliance.status !== 'non_compliant') return setting;
    const updated = { ...setting, delay: longestDelayWithin(compliance.requiredDelay) };
    operations.push({ kind: 'update', setting: updated });
    return updated;
  });
  const created: NotificationSettingFields[] = [];
  for (const item of [...unmetAtStart].sort(fixOrder)) {
    if (isItemMet(item, [...after, ...created])) continue;
    const target = autoFixTarget(item.notification_group_method, destinations);
    if (!target) {
      unsatisfiable.push({ itemId: item.id, reason: unsatisfiableReason(item.notification_group_method) });
      continue;
    }
    const setting: NotificationSettingFields = {
      ...target,
      delay: longestDelayWithin(item.max_delay),
      notification_priority: item.priority,
    };
    created.push(setting);
    operations.push({ kind: 'create', itemId: item.id, setting });
  }
  return { operations, unsatisfiable };
}

export interface MatchSummary {
  updated: number;
  created: number;
  /** Operations that failed or timed out (30 s each); the job reports them rather than dropping them. */
  failed: number;
  unsatisfiable: Unsatisfiable[];
}

/** The report after running a plan; `succeeded[i]` tells whether `plan.operations[i]` went through. */
export function summarizeMatch(plan: MatchPlan, succeeded: readonly boolean[]): MatchSummary {
  const done = (kind: MatchOperation['kind']) =>
    plan.operations.filter((operation, index) => operation.kind === kind && succeeded[index] === true).length;
  const updated = done('update');
  const created = done('create');
  return { updated, created, failed: plan.operations.length - updated - created, unsatisfiable: plan.unsatisfiable };
}

/** SPEC.md section 9: each operation of a run has 30 seconds; one that takes longer counts as failed. */
export const MATCH_OPERATION_TIMEOUT_MS = 30_000;
export const MATCH_OPERATION_TIMED_OUT = 'Timed out after 30 seconds';

/** SPEC.md section 8: what a person reads when a run fails as a whole. */
export const MATCH_AND_UPDATE_FAILED = 'An error occurred while updating preferences. Please try again.';

/** The settings once the operations that went through are applied: what compliance is judged on after a run. */
export function settingsAfterMatch(
  settings: readonly NotificationSetting[],
  plan: MatchPlan,
  succeeded: readonly boolean[],
): NotificationSettingFields[] {
  const updates = new Map<string, NotificationSetting>();
  const created: NotificationSettingFields[] = [];
  plan.operations.forEach((operation, index) => {
    if (succeeded[index] !== true) return;
    if (operation.kind === 'update') updates.set(operation.setting.id, operation.setting);
    else created.push(operation.setting);
  });
  return [...settings.map((setting) => updates.get(setting.id) ?? setting), ...created];
}
