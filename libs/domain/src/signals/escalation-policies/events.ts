import type { EscalationStep } from './policy';

/** What a policy is made of, as the decider accepted it (names trimmed, targets each once per step). */
export interface EscalationPolicyFields {
  name: string;
  steps: EscalationStep[];
  repeat: number;
  ackReminderMinutes: number | null;
}

export type EscalationPolicyCreated = {
  type: 'EscalationPolicyCreated';
  data: { policyId: string; orgId: string; teamId: string } & EscalationPolicyFields;
};
/** Carries the whole policy after the change: a reader never has to merge partial edits. */
export type EscalationPolicyChanged = {
  type: 'EscalationPolicyChanged';
  data: { policyId: string; teamId: string } & EscalationPolicyFields;
};
export type EscalationPolicyDeleted = { type: 'EscalationPolicyDeleted'; data: { policyId: string; teamId: string } };

export type EscalationPolicyEvent = EscalationPolicyCreated | EscalationPolicyChanged | EscalationPolicyDeleted;

/** One stream per policy: its revision is what an alert's snapshot names (`EscalationPolicySnapshot.revision`). */
export const escalationPolicyStream = (policyId: string) => `escalation-policy-${policyId}`;
