import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';

interface Props {
  /** The page's heading. */
  title: string;
  /** What could not be loaded, as a person names it ('event source'). */
  thing: string;
  error: unknown;
  /** The test id of the "does not exist" sentence. */
  testId: string;
  back: { to: string; label: string };
}

/**
 * A page whose resource did not load: one that does not exist and one of another organization read the same
 * (the API answers 404 to both); any other failure is shown as it came.
 */
export function ResourceLoadFailure({ title, thing, error, testId, back }: Props) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      {missing ? (
        <Text data-testid={testId}>This {thing} does not exist, or belongs to another organization.</Text>
      ) : (
        <ErrorAlert error={error} title={`Could not load the ${thing}`} />
      )}
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}
