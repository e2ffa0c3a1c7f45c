import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { PERMISSION_DEFINITIONS } from '@tocsin/domain';
import { useNavigate, useParams } from 'react-router-dom';

/** `/unauthorized/{requiredPermission}`: where a page sends someone lacking its permission. */
export function UnauthorizedRoute() {
  const { requiredPermission = '' } = useParams();
  const navigate = useNavigate();
  const definition = PERMISSION_DEFINITIONS.find((candidate) => candidate.slug === requiredPermission);
  return (
    <Stack align="center" py={80} data-testid="unauthorized">
      <Title order={1}>Oops! You don't have permission to access this page</Title>
      <Text data-testid="required-permission">
        Required permission: <strong>{definition?.display_name ?? requiredPermission}</strong> <Code>{requiredPermission}</Code>
      </Text>
      <Text c="dimmed">Contact your organization administrator if you need access.</Text>
      <Button onClick={() => navigate(-1)}>Go back</Button>
    </Stack>
  );
}
