import { Anchor, Stack, Text, Title } from '@mantine/core';
import { ONBOARDING_INTEGRATIONS, type OnboardingIntegration } from '@tocsin/domain';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { onboardingPaths } from '../lib/onboarding-paths';

/** An integration's onboarding screen: connecting integrations is not built yet, and the page says so plainly. */
export function IntegrationOnboardingPage({ integration }: { integration: OnboardingIntegration }) {
  const me = useCurrentUser();
  const name = ONBOARDING_INTEGRATIONS.find((i) => i.slug === integration)?.name ?? integration;
  return (
    <Stack data-testid="integration-onboarding">
      <Anchor component={Link} to={onboardingPaths(me.organization.id).setup} size="sm">
        ← Back to set-up
      </Anchor>
      <Title order={1} size="h2">
        Set up {name}
      </Title>
      <Text c="dimmed">This area is coming soon.</Text>
    </Stack>
  );
}
