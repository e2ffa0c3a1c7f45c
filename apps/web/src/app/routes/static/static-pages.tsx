import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';

/**
 * The footer's links. Tocsin is software that each organization runs for itself, so these pages say
 * what the software promises and leave the operator's own terms to the operator.
 */
function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="sm" py="xl">
      <Stack>
        <Anchor component={Link} to="/" size="sm">
          ← Back to Tocsin
        </Anchor>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

export function TermsRoute() {
  return (
    <StaticPage title="Subscription Services Agreement">
      <Text>
        Tocsin is open-source software distributed under the Apache License, Version 2.0. The organization that operates
        this installation provides the service and sets the terms of its use; ask your administrator for them.
      </Text>
    </StaticPage>
  );
}

export function PrivacyRoute() {
  return (
    <StaticPage title="Privacy Policy">
      <Text>
        This installation stores the accounts, organizations, alerts and incidents its users enter, and sends
        notifications to the destinations they configure. It sends nothing to the Tocsin project. The operator of this
        installation is responsible for the personal data it holds.
      </Text>
    </StaticPage>
  );
}

export function AboutRoute() {
  return (
    <StaticPage title="About Tocsin">
      <Text>
        Tocsin is an open-source incident response and on-call alerting application: signals, incidents, runbooks,
        status pages, a service catalogue, retrospectives and analytics, for organizations of any size.
      </Text>
    </StaticPage>
  );
}
