import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';

export const teamOverviewPath = (teamId: string) => `/settings/teams/${teamId}/overview`;

/** Where a team's signals page sits: Teams, the team, any pages between, then the page itself. */
export function TeamCrumbs({
  teamId,
  teamName,
  between = [],
  current,
}: {
  teamId: string;
  teamName: string;
  between?: Array<{ label: string; to: string }>;
  current: string;
}) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="/settings/teams">
        Teams
      </Anchor>
      <Anchor component={Link} to={teamOverviewPath(teamId)}>
        {teamName}
      </Anchor>
      {between.map((crumb) => (
        <Anchor key={crumb.to} component={Link} to={crumb.to}>
          {crumb.label}
        </Anchor>
      ))}
      <Text>{current}</Text>
    </Breadcrumbs>
  );
}

/**
 * A team resource that did not load: a 404 says it does not exist (with a way back), anything else shows the
 * error. `noun` is how the page names it ("alert rule").
 */
export function TeamResourceLoadError({
  error,
  noun,
  testId,
  back,
}: {
  error: unknown;
  noun: string;
  testId: string;
  back: { label: string; to: string };
}) {
  if (!(error instanceof ApiError && error.status === 404))
    return <ErrorAlert error={error} title={`Could not load the ${noun}`} />;
  return (
    <Alert color="gray" title={`${noun[0].toUpperCase()}${noun.slice(1)} not found`} data-testid={testId}>
      This {noun} does not exist or was deleted.{' '}
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Alert>
  );
}
