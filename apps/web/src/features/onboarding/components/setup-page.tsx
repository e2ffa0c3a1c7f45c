import { Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OnboardingIntegration } from '@tocsin/domain';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import { useIntegrationsStatus } from '../api/get-integrations-status';
import { useSelectIntegration } from '../api/select-integration';
import { onboardingPaths } from '../lib/onboarding-paths';
import { DismissOnboardingButton } from './dismiss-onboarding-button';

/** /org/{orgId}/onboarding/setup (reflow flag): the first screen of a new organization, choosing what to connect first. */
export function SetupPage() {
  const me = useCurrentUser();
  const status = useIntegrationsStatus();
  const select = useSelectIntegration();
  if (status.isPending) return <LoadingArea />;
  if (status.isError) return <ErrorAlert error={status.error} title="Could not load the integrations" />;
  const { integrations, selected_integration } = status.data;
  const choose = (slug: string) =>
    select.mutate(slug as OnboardingIntegration, {
      onSuccess: (data) =>
        showToast('success', `${data.integrations.find((i) => i.selected)?.name ?? 'Integration'} selected`),
      onError: (error) => showToast('error', error.message),
    });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Set up {me.organization.name}
        </Title>
        <Text c="dimmed">
          Which tool should Tocsin work with first? You can connect the others later from Integrations.
        </Text>
      </Stack>
      {select.isError && <ErrorAlert error={select.error} title="Could not select the integration" />}
      <Radio.Group value={selected_integration} onChange={choose} label="First integration" name="integration">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
          {integrations.map((integration) => (
            <Radio.Card
              key={integration.slug}
              value={integration.slug}
              radius="md"
              p="md"
              disabled={select.isPending}
              data-testid="integration-card"
              style={
                integration.selected
                  ? { borderColor: 'var(--mantine-color-blue-filled)', background: 'var(--mantine-color-blue-light)' }
                  : undefined
              }
            >
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <Stack gap={4}>
                  <Text fw={600}>{integration.name}</Text>
                  <Badge size="xs" variant="light" color={integration.connected ? 'green' : 'gray'}>
                    {integration.connected ? 'Connected' : 'Not connected'}
                  </Badge>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between">
          <Text size="sm">Next: the Signals checklist takes you through alerting and on-call.</Text>
          <Group gap="xs">
            <DismissOnboardingButton label="Skip set-up" />
            <Button component={Link} to={onboardingPaths(me.organization.id).signals}>
              Continue
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
