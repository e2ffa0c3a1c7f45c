import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';

/** A deleted team, a mistyped id and another organization's team all read the same. */
export function TeamLoadError({ error }: { error: unknown }) {
  if (!(error instanceof ApiError && error.status === 404))
    return <ErrorAlert error={error} title="Could not load the team" />;
  return (
    <Alert color="gray" title="Team not found" data-testid="team-not-found">
      This team does not exist or was deleted.{' '}
      <Anchor component={Link} to="/settings/teams">
        View all Teams
      </Anchor>
    </Alert>
  );
}
