import { Badge, Button, Group, Text } from '@mantine/core';
import { displayIsoDuration, type UnmetPolicyRow } from '@tocsin/domain';
import { StepCard, StepGrid } from './step-grid';

/** A policy item none of the user's steps meets (SPEC.md section 4), with Add when the user can edit. */
export function UnmetPolicyItemRow({ item, onAdd }: { item: UnmetPolicyRow; onAdd?: () => void }) {
  const within = displayIsoDuration(item.max_delay);
  return (
    <StepCard
      data-testid="unmet-policy-item"
      data-policy-item-id={item.notification_policy_item_id}
      bg="yellow.0"
      style={{ borderStyle: 'dashed' }}
      footer={
        <Badge color="yellow" variant="light" tt="none">
          Required by policy
        </Badge>
      }
    >
      <StepGrid>
        <Text size="sm" fw={600} data-testid="unmet-label">
          {item.label}
        </Text>
        <Text size="sm" c="dimmed">
          Not set up
        </Text>
        <Text size="sm">{item.max_delay === 'PT0S' ? within : `Within ${within}`}</Text>
        <Group justify="flex-end">
          {onAdd && (
            <Button size="compact-sm" variant="light" onClick={onAdd} aria-label={`Add ${item.label} within ${within}`}>
              Add
            </Button>
          )}
        </Group>
      </StepGrid>
    </StepCard>
  );
}
