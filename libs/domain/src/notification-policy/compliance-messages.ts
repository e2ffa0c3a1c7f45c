import { displayIsoDuration } from '../shared/duration';

/** SPEC.md section 8: the wording of compliance, in one place for the web and the API. */
export const COMPLIANCE_LABELS = {
  no_policy: 'No policy set',
  no_applicable_policy: 'No applicable policy',
  compliant: 'Compliant with policy',
  not_required: 'Not required by policy',
  required_delay: 'Required delay',
  /** A viewer's or collaborator's row: the policy covers members and owners only (coverage.ts). */
  not_covered: 'Not covered by the policy',
} as const;

export const NON_COMPLIANCE_BANNER =
  "Your notification preferences do not meet the organization's policy requirements.";
export const NON_COMPLIANCE_ALERT = `${NON_COMPLIANCE_BANNER} Please update your preferences to ensure you receive critical alerts on time.`;

export const UPDATE_PREFERENCES_PROMPT = {
  title: 'Update your notification preferences?',
  text: "We recommend reviewing your notification preferences to align with the organization's policy.",
} as const;

/** The hint under a delay that is too long; an unreadable duration is shown as written rather than hidden. */
export function policyHint(maxDelay: string): string {
  return `Per your organization's policy, this value should be set to: ${displayIsoDuration(maxDelay)}`;
}
