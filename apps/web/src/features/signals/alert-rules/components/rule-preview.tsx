import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { AlertRuleRequest } from '@tocsin/contracts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAlertRulePreview } from '../api/preview-alert-rule';

const SHOWN = 10;

/** Which of the organization's recent alerts the conditions would have matched; asked again as they change. */
export function RulePreview({
  teamId,
  limit,
  conditions,
}: {
  teamId: string;
  limit: number;
  conditions: AlertRuleRequest['conditions'] | null;
}) {
  const preview = useAlertRulePreview(teamId, conditions === null ? null : { conditions, limit });
  if (conditions === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="rule-preview-waiting">
        Complete the conditions to see which recent alerts they match.
      </Text>
    );
  }
  if (preview.isPending) return <Loader size="sm" aria-label="Loading the preview" />;
  if (preview.isError) return <ErrorAlert error={preview.error} title="Could not preview the rule" />;
  const { checked, matched } = preview.data;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="rule-preview">
      <Text size="sm" fw={500} data-testid="rule-preview-count">
        {checked === 0
          ? 'No alerts received yet.'
          : `Matches ${matched.length} of the last ${checked} alert${checked === 1 ? '' : 's'}.`}
      </Text>
      {matched.slice(0, SHOWN).map((alert) => (
        <Group key={alert.id} gap="xs" wrap="nowrap" data-testid="rule-preview-alert">
          <Badge variant="light" color="gray" tt="none" miw={72}>
            {alert.priority}
          </Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {alert.summary}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {new Date(alert.triggered_at).toLocaleString()}
          </Text>
        </Group>
      ))}
      {matched.length > SHOWN && (
        <Text size="xs" c="dimmed">
          and {matched.length - SHOWN} more
        </Text>
      )}
    </Stack>
  );
}
