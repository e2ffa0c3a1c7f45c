import { Group, Stack, Title } from '@mantine/core';
import { HealthPanel } from '@/features/health/components/health-panel';
import { OpsChartsPanel } from '@/features/health/components/ops-charts-panel';
import { PagingAuditPanel } from '@/features/health/components/paging-audit-panel';
import { SelfTestPanel } from '@/features/health/components/self-test-panel';
import { StatusBadge } from '@/features/health/components/status-badge';

export function OpsRoute() {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Operations
        </Title>
        <Group gap="xs">
          Public status <StatusBadge />
        </Group>
      </Group>
      <HealthPanel />
      <OpsChartsPanel />
      <PagingAuditPanel />
      <SelfTestPanel />
    </Stack>
  );
}
