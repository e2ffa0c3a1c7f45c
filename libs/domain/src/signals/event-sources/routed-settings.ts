import { FIELD_MESSAGES } from '../../shared/field-rules';

export const TEAM_NOT_FOUND_MESSAGE = 'team_id must be a team of the organization';

/**
 * The fields every routed resource (an event source, a heartbeat) has, judged alike: a name, a default team of
 * the organization, and a default policy of that team (`policyMessage` names the resource). Adds each field's
 * message to `errors`, named as the request names it, and answers the trimmed name.
 */
export function checkRoutedSettings(
  settings: { name: unknown; teamId: unknown; escalationPolicyId: string | null },
  found: { teamFound: boolean; policyFound: boolean },
  limits: { nameMaxLength: number; policyMessage: string },
  errors: Record<string, string[]>,
): string {
  const name = typeof settings.name === 'string' ? settings.name.trim() : '';
  if (!name) errors.name = [FIELD_MESSAGES.required('name')];
  else if (name.length > limits.nameMaxLength) errors.name = [FIELD_MESSAGES.maxLength('name', limits.nameMaxLength)];
  if (typeof settings.teamId !== 'string' || settings.teamId === '')
    errors.team_id = [FIELD_MESSAGES.required('team_id')];
  else if (!found.teamFound) errors.team_id = [TEAM_NOT_FOUND_MESSAGE];
  if (settings.escalationPolicyId !== null && !found.policyFound) errors.escalation_policy_id = [limits.policyMessage];
  return name;
}

/** A whole number within [min, max] (a limit, a number of minutes). */
export const wholeNumberIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Whether a change leaves every setting as it was (then nothing is recorded). */
export const sameSettings = <Settings extends object>(a: Settings, b: Settings) =>
  (Object.keys(a) as Array<keyof Settings>).every((key) => a[key] === b[key]) &&
  Object.keys(a).length === Object.keys(b).length;
