import { formatDuration } from '../../shared/duration';
import { FIELD_MESSAGES, ID_MAX_LENGTH } from '../../shared/field-rules';
import type { EscalationPolicyFields } from './events';
import { ESCALATION_TARGET_TYPES, type EscalationStep, type EscalationTarget } from './policy';

export const POLICY_NAME_MAX_LENGTH = 100;
export const POLICY_STEPS_MAX = 10;
export const STEP_TARGETS_MAX = 10;
export const STEP_TIMEOUT_MIN = 1;
export const STEP_TIMEOUT_MAX = 1440;
export const POLICY_REPEAT_MAX = 9;
/**
 * The reminder after an acknowledgement, in minutes: 5 minutes to 24 hours, PagerDuty's range for its
 * acknowledgement timeout (shorter nags someone already at work on the alert; past a day nobody is reminded).
 */
export const ACK_REMINDER_MIN = 5;
export const ACK_REMINDER_MAX = 1440;

/** The wording of a policy's own rules, `at` naming the field as the request does (`steps[0].targets`). */
export const POLICY_MESSAGES = {
  stepsList: (at: string) => `${at} must be a list`,
  stepsMin: (at: string) => `${at} must hold at least one step`,
  stepsMax: (at: string) => `${at} must hold at most ${POLICY_STEPS_MAX} steps`,
  step: (at: string) => `${at} must be an object with timeout and targets`,
  timeout: (at: string) =>
    FIELD_MESSAGES.minutes(at, formatDuration(STEP_TIMEOUT_MIN * 60), formatDuration(STEP_TIMEOUT_MAX * 60)),
  ackReminder: (at: string) =>
    `${FIELD_MESSAGES.minutes(at, formatDuration(ACK_REMINDER_MIN * 60), formatDuration(ACK_REMINDER_MAX * 60))}, or null for no reminder`,
  targetsList: (at: string) => `${at} must be a list of users and teams`,
  targetsMin: (at: string) => `${at} must name at least one user or team`,
  targetsMax: (at: string) => `${at} must name at most ${STEP_TARGETS_MAX} users and teams`,
  target: (at: string) => `${at} must be an object with type and id`,
} as const;

/**
 * The field messages of a policy, keyed as the API and the editor name the fields (`steps[0].timeout`,
 * `ack_reminder`); empty when it is valid. One source for the API's 400 and the editor's inline errors.
 * Takes anything: the values arrive as the client sent them.
 */
export function escalationPolicyErrors(
  fields: Record<keyof EscalationPolicyFields, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { name, steps, repeat, ackReminderMinutes } = fields;
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) errors.name = [FIELD_MESSAGES.required('name')];
  else if (trimmed.length > POLICY_NAME_MAX_LENGTH)
    errors.name = [FIELD_MESSAGES.maxLength('name', POLICY_NAME_MAX_LENGTH)];

  const bounded = (key: string, value: unknown, min: number, max: number) => {
    if (value === undefined || value === null) errors[key] = [FIELD_MESSAGES.required(key)];
    else if (typeof value !== 'number' || !Number.isInteger(value)) errors[key] = [FIELD_MESSAGES.wholeNumber(key)];
    else if (value < min) errors[key] = [FIELD_MESSAGES.atLeast(key, min)];
    else if (value > max) errors[key] = [FIELD_MESSAGES.atMost(key, max)];
  };
  bounded('repeat', repeat, 0, POLICY_REPEAT_MAX);
  const wholeIn = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (ackReminderMinutes !== null && !wholeIn(ackReminderMinutes, ACK_REMINDER_MIN, ACK_REMINDER_MAX))
    errors.ack_reminder = [POLICY_MESSAGES.ackReminder('ack_reminder')];

  if (!Array.isArray(steps)) {
    errors.steps = [
      steps === undefined || steps === null ? FIELD_MESSAGES.required('steps') : POLICY_MESSAGES.stepsList('steps'),
    ];
    return errors;
  }
  if (steps.length === 0) errors.steps = [POLICY_MESSAGES.stepsMin('steps')];
  if (steps.length > POLICY_STEPS_MAX) {
    errors.steps = [POLICY_MESSAGES.stepsMax('steps')];
    return errors;
  }
  steps.forEach((step: unknown, i) => {
    const at = `steps[${i}]`;
    if (typeof step !== 'object' || step === null || Array.isArray(step)) {
      errors[at] = [POLICY_MESSAGES.step(at)];
      return;
    }
    const { timeoutMinutes, targets } = step as Partial<Record<keyof EscalationStep, unknown>>;
    if (timeoutMinutes === undefined || timeoutMinutes === null)
      errors[`${at}.timeout`] = [FIELD_MESSAGES.required(`${at}.timeout`)];
    else if (!wholeIn(timeoutMinutes, STEP_TIMEOUT_MIN, STEP_TIMEOUT_MAX))
      errors[`${at}.timeout`] = [POLICY_MESSAGES.timeout(`${at}.timeout`)];
    if (!Array.isArray(targets)) {
      errors[`${at}.targets`] = [POLICY_MESSAGES.targetsList(`${at}.targets`)];
      return;
    }
    if (targets.length === 0) errors[`${at}.targets`] = [POLICY_MESSAGES.targetsMin(`${at}.targets`)];
    else if (targets.length > STEP_TARGETS_MAX) errors[`${at}.targets`] = [POLICY_MESSAGES.targetsMax(`${at}.targets`)];
    const seen = new Set<string>();
    targets.slice(0, STEP_TARGETS_MAX).forEach((target: unknown, j) => {
      const t = `${at}.targets[${j}]`;
      if (typeof target !== 'object' || target === null || Array.isArray(target)) {
        errors[t] = [POLICY_MESSAGES.target(t)];
        return;
      }
      const { type, id } = target as Partial<Record<keyof EscalationTarget, unknown>>;
      if (typeof type !== 'string' || !(ESCALATION_TARGET_TYPES as readonly string[]).includes(type)) {
        errors[`${t}.type`] = [FIELD_MESSAGES.oneOf(`${t}.type`, ESCALATION_TARGET_TYPES)];
      }
      if (typeof id !== 'string' || id.trim() === '') errors[`${t}.id`] = [FIELD_MESSAGES.required(`${t}.id`)];
      else if (id.length > ID_MAX_LENGTH) errors[`${t}.id`] = [FIELD_MESSAGES.maxLength(`${t}.id`, ID_MAX_LENGTH)];
      else if (seen.has(`${String(type)}:${id}`)) errors[`${t}.id`] = [`${t} names the same ${String(type)} twice`];
      seen.add(`${String(type)}:${id}`);
    });
  });
  return errors;
}
