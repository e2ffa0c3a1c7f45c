import { List, Stack, Text } from '@mantine/core';
import type { AlertPolicyCopy } from '@tocsin/contracts';
import { displayIsoDuration, type EscalationTarget } from '@tocsin/domain';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The policy as the alert copied it when it triggered: the escalation in flight follows this, not later edits. */
export function EscalationPolicyCopy({
  policy,
  targetName,
  grouped = false,
}: {
  policy: AlertPolicyCopy | null;
  targetName: (target: EscalationTarget) => string;
  /** In an alert group: a policy-less episode joined it, and the group pages for its first alert only. */
  grouped?: boolean;
}) {
  if (!policy) {
    return (
      <Text size="sm" c="dimmed" data-testid="policy-none">
        {grouped
          ? 'No escalation policy: this alert joined an alert group, which pages once, for its first alert.'
          : 'No escalation policy: neither a rule nor the source named one, so nobody is paged.'}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="policy-copy">
      <Text size="sm">
        <Text span fw={500}>
          {policy.name}
        </Text>{' '}
        (version {policy.revision + 1}, as copied when the alert triggered: later edits do not change it)
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        {policy.steps.map((step, index) => (
          <List.Item key={index}>
            Notify {step.targets.map(targetName).join(', ') || 'nobody'}; after {displayIsoDuration(step.timeout)}{' '}
            without acknowledgement, go on.
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {policy.repeat > 0 ? `Repeats ${plural(policy.repeat, 'more time')}.` : 'Does not repeat.'}{' '}
        {policy.ack_reminder
          ? `Reminds the acknowledger every ${displayIsoDuration(policy.ack_reminder)} until resolved.`
          : 'No acknowledgement reminder.'}
      </Text>
    </Stack>
  );
}
