import { Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { HelpPanel } from '../shell/help-panel';

/** A navigation entry whose screen is not built yet: says so plainly rather than showing made-up data. */
export function PlaceholderRoute({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <Stack data-testid="placeholder-page">
      <Title order={1} size="h2">
        {title}
      </Title>
      <HelpPanel pathname={pathname} />
      <Text c="dimmed">This area is coming soon.</Text>
    </Stack>
  );
}
