import { Badge, Button, Table, Text } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useOauthProviders } from '../api/get-oauth-providers';

const LABELS: Record<string, string> = {
  slack: 'Slack',
  google_calendar: 'Google Calendar',
  zoom: 'Zoom',
  jira_cloud: 'Jira Cloud',
  webex: 'Webex',
  microsoft_teams: 'Microsoft Teams',
  service_now: 'ServiceNow',
};

/** Third-party accounts linked to this user; Link starts the provider's authorization (SPEC.md section 2). */
export function LinkedAccounts() {
  const providers = useOauthProviders();
  if (providers.isPending) return <LoadingArea />;
  if (providers.isError) return <ErrorAlert error={providers.error} title="Could not load linked accounts" />;
  return (
    <Table data-testid="linked-accounts">
      <Table.Tbody>
        {providers.data.map((provider) => (
          <Table.Tr key={provider.integration_name}>
            <Table.Td>
              <Text fw={500}>{LABELS[provider.integration_name] ?? provider.integration_name}</Text>
            </Table.Td>
            <Table.Td>
              {provider.linked ? (
                <Badge color="green" variant="light">
                  Linked
                </Badge>
              ) : (
                <Text c="dimmed" size="sm">
                  Not linked
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">
              {!provider.linked && (
                <Button
                  component="a"
                  href={`${provider.auth_url}/for_authorization`}
                  variant="default"
                  size="xs"
                  aria-label={`Link ${LABELS[provider.integration_name] ?? provider.integration_name}`}
                >
                  Link
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
