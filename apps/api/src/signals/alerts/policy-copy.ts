import type { AlertPolicyCopy } from '@tocsin/contracts';
import { formatDuration, type EscalationPolicySnapshot } from '@tocsin/domain';

const duration = (minutes: number) => formatDuration(minutes * 60);

/** An alert's copy of its policy, kept in minutes as the event has it, in the escalation policies API's shape. */
export function presentPolicyCopy(policy: EscalationPolicySnapshot | null): AlertPolicyCopy | null {
  if (!policy) return null;
  return {
    policy_id: policy.policyId,
    name: policy.name,
    revision: policy.revision,
    steps: policy.steps.map((step) => ({
      timeout: duration(step.timeoutMinutes),
      targets: step.targets.map(({ type, id }) => ({ type, id })),
    })),
    repeat: policy.repeat,
    ack_reminder: policy.ackReminderMinutes === null ? null : duration(policy.ackReminderMinutes),
  };
}
