import { Group, Stack, Title } from '@mantine/core';
import { HealthPanel } from '@/features/ops/components/health-panel';
import { StatusBadge } from '@/features/ops/components/status-badge';

export function OpsRoute() {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">Operations</Title>
        <Group gap="xs">
          Public status <StatusBadge />
        </Group>
      </Group>
      <HealthPanel />
    </Stack>
  );
}
