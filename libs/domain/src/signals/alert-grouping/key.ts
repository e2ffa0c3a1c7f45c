import { sha256Hex } from '../../shared/sha256';
import { alertFieldValue, type RoutableAlert } from '../alerts/routing';
import { alertGroupsStream } from './groups';
import type { GroupingRule } from './rules';

/** The values of the rule's fields on the alert (a field it lacks counts as empty), lower-cased as conditions compare. */
export function groupKeyOf(rule: GroupingRule, alert: RoutableAlert): Record<string, string> {
  return Object.fromEntries(rule.fields.map((field) => [field, (alertFieldValue(alert, field) ?? '').toLowerCase()]));
}

/** The stream of the rule's group for `key`: the team and rule in it, so no two teams or rules share a group. */
export const groupStreamFor = (rule: GroupingRule, key: Record<string, string>) =>
  alertGroupsStream(sha256Hex(JSON.stringify([rule.teamId, rule.id, rule.fields.map((field) => key[field])])));
