/**
 * Escalation policies (issue 9, "Escalation and paging"): ordered steps, each notifying its targets and
 * waiting its timeout for an acknowledgement before the next; the whole list runs `repeat` more times.
 * A `schedule` target (issue 20) pages whoever the on-call schedule has on call when the step starts.
 */
export const ESCALATION_TARGET_TYPES = ['user', 'team', 'schedule'] as const;
export type EscalationTargetType = (typeof ESCALATION_TARGET_TYPES)[number];

export interface EscalationTarget {
  type: EscalationTargetType;
  id: string;
}

export interface EscalationStep {
  /** Minutes to wait for an acknowledgement before the next step (1 to 1440). */
  timeoutMinutes: number;
  targets: EscalationTarget[];
}

/**
 * The policy as the alert copied it when it triggered: the escalation in flight follows this copy, never a
 * later edit of the policy (ARCHITECTURE.md, "Signals").
 */
export interface EscalationPolicySnapshot {
  policyId: string;
  name: string;
  /** The policy stream's revision that was copied, so the timeline can say which version ran. */
  revision: number;
  steps: EscalationStep[];
  /** How many more times the whole list of steps runs when nobody acknowledges (0 to 9). */
  repeat: number;
  /** An acknowledged, unresolved alert notifies its acknowledger again after this many minutes; null: never. */
  ackReminderMinutes: number | null;
}
