import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';

/**
 * The onboarding screens stand outside the app shell (SPEC.md section 2 lists them beside the public routes):
 * no navigation to wander off into, only the way back to the app.
 */
export function OnboardingFrame({ exitTo, children }: { exitTo: string; children: ReactNode }) {
  const me = useCurrentUser();
  return (
    <Box mih="100dvh" bg="gray.0">
      {me.user.isStaffSession && (
        <Text bg="red.9" c="white" ta="center" size="sm" py={6} role="status">
          Staff session: you are acting in {me.organization.name}
        </Text>
      )}
      <Paper component="header" radius={0} withBorder px="md">
        <Group h={56} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text component={Link} to="/" fw={800} size="lg" c="red">
              Tocsin
            </Text>
            <Text size="sm" c="dimmed" truncate data-testid="organization-name">
              {me.organization.name}
            </Text>
          </Group>
          <Anchor component={Link} to={exitTo} size="sm">
            Skip to the app
          </Anchor>
        </Group>
      </Paper>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="md" py="xl">
        {children}
      </Container>
    </Box>
  );
}
