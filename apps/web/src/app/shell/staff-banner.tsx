import { Anchor, Group, Text } from '@mantine/core';

/** A staff member acting inside a customer's organization must never forget it. */
export function StaffBanner() {
  return (
    <Group bg="red.9" c="white" px="md" py={6} justify="center" gap="xs" data-testid="staff-banner" role="status">
      <Text size="sm" fw={600}>
        You are in a staff session.
      </Text>
      <Anchor href="/sessions" c="white" size="sm" underline="always">
        Exit staff access
      </Anchor>
    </Group>
  );
}
