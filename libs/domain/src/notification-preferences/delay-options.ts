import { displayDuration, parseDuration } from '../shared/duration';

const DELAYS = [
  { value: 'PT0S', seconds: 0 },
  { value: 'PT1M', seconds: 60 },
  { value: 'PT2M', seconds: 120 },
  { value: 'PT5M', seconds: 300 },
  { value: 'PT10M', seconds: 600 },
  { value: 'PT15M', seconds: 900 },
  { value: 'PT30M', seconds: 1800 },
  { value: 'PT1H', seconds: 3600 },
] as const;
export type DelayValue = (typeof DELAYS)[number]['value'];

/**
 * SPEC.md section 3: the delays a person can choose, shortest first. Labels come from the one duration
 * display rule so a delay reads the same in the select, the policy hint and the policy screen.
 */
export const DELAY_OPTIONS: ReadonlyArray<{ value: DelayValue; label: string }> = DELAYS.map(({ value, seconds }) => ({
  value,
  label: displayDuration(seconds),
}));

export function isDelayOption(delay: unknown): delay is DelayValue {
  return DELAYS.some((option) => option.value === delay);
}

/** Duplicate's delay: the next longer option; null at the longest (1 hour) or for a delay that is not an option. */
export function nextLongerDelay(delay: string): DelayValue | null {
  const index = DELAYS.findIndex((option) => option.value === delay);
  return index >= 0 && index < DELAYS.length - 1 ? DELAYS[index + 1].value : null;
}

/**
 * The longest option not longer than `maxDelay`. A policy's max_delay may be any duration (PT3M, PT2H),
 * but a setting must hold an option, so a fix picks the option that still meets the policy.
 * An unreadable limit gets the strictest option.
 */
export function longestDelayWithin(maxDelay: string): DelayValue {
  const limit = parseDuration(maxDelay) ?? 0;
  return DELAYS.reduce<DelayValue>((longest, option) => (option.seconds <= limit ? option.value : longest), 'PT0S');
}
