import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useMe } from '@/lib/get-me';
import { appHomePath } from '../home-path';

export function NotFoundRoute() {
  const me = useMe().data;
  return (
    <Stack align="center" py={80} data-testid="not-found">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Button component={Link} to={me ? appHomePath(me) : '/'}>
        Go home
      </Button>
    </Stack>
  );
}
