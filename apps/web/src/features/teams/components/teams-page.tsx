import { Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeams } from '../api/get-teams';
import { PermissionButton } from '@/components/ui/permission-button';
import { TeamsTable } from './teams-table';

/** /settings/teams: every team of the organization, a page at a time; the page number lives in the address. */
export function TeamsPage({ canManage }: { canManage: boolean }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const teams = useTeams(page);
  const navigate = useNavigate();
  const pagination = teams.data?.pagination;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Teams
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_teams"
          onClick={() => navigate('/settings/teams/new')}
          data-testid="new-team"
        >
          New team
        </PermissionButton>
      </Group>
      {teams.isPending ? (
        <LoadingArea />
      ) : teams.isError ? (
        <ErrorAlert error={teams.error} title="Could not load the teams" />
      ) : (
        <>
          <TeamsTable teams={teams.data.data} />
          {pagination && pagination.total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="teams-count">
                {pagination.total} {pagination.total === 1 ? 'team' : 'teams'}
              </Text>
              <Pagination
                total={pagination.total_pages}
                value={page}
                onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
                aria-label="Teams pages"
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
