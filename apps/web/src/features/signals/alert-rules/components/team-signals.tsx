import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AlertRuleResource, Team } from '@tocsin/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useCurrentUser } from '@/lib/get-me';
import { describeConditions } from '../../shared/lib/conditions';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { useDeleteAlertRule } from '../api/delete-alert-rule';
import { useAlertRules } from '../api/get-alert-rules';
import { useMoveAlertRule } from '../api/move-alert-rule';

const describe = (rule: AlertRuleResource) => {
  const when = describeConditions(rule.conditions);
  const then =
    rule.action.type === 'drop'
      ? 'drop'
      : `route to ${rule.action.escalation_policy_name ?? 'a deleted policy'}${rule.action.priority ? ` as ${rule.action.priority}` : ''}`;
  return `When ${when}: ${then}`;
};

/** The team page's signals section: its alert rules in evaluation order (reorderable) and its escalation policies. */
export function TeamSignals({ team }: { team: Team }) {
  const me = useCurrentUser();
  const rules = useAlertRules(team.id);
  const move = useMoveAlertRule(team.id);
  const remove = useDeleteAlertRule(team.id);
  const navigate = useNavigate();
  const confirm = useDeleteConfirmation<AlertRuleResource>(remove);
  const manage = signalsResourceAccess(me, 'manage_alert_rules', team);
  const base = `/settings/teams/${team.id}`;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Alert rules
        </Title>
        <Group gap="xs">
          <Anchor component={Link} to={`${base}/escalation_policies`}>
            Escalation policies
          </Anchor>
          <PermissionButton
            allowed={manage.allowed}
            tooltip={manage.tooltip}
            permission="manage_alert_rules"
            variant="default"
            onClick={() => navigate(`${base}/rules/new`)}
          >
            New alert rule
          </PermissionButton>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Evaluated in order on every alert routed to this team; the first rule that matches decides.
      </Text>
      {move.error != null && <ErrorAlert error={move.error} title="Could not move the rule" />}
      {rules.isPending ? (
        <LoadingArea />
      ) : rules.isError ? (
        <ErrorAlert error={rules.error} title="Could not load the alert rules" />
      ) : rules.data.length === 0 ? (
        <Text c="dimmed" data-testid="rules-empty">
          No alert rules: alerts go to their source&apos;s default team and policy.
        </Text>
      ) : (
        <Stack gap="xs">
          {rules.data.map((rule, index) => (
            <Card key={rule.id} withBorder padding="sm" data-testid="rule-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 280px' }}>
                  <Badge variant="light" color="gray" circle aria-label={`Position ${index + 1}`}>
                    {index + 1}
                  </Badge>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`${base}/rules/${rule.id}/edit`} fw={500}>
                      {rule.name}
                    </Anchor>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {describe(rule)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${rule.name} up`}
                    disabled={!manage.allowed || index === 0 || move.isPending}
                    onClick={() => move.mutate({ ruleId: rule.id, position: index - 1 })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${rule.name} down`}
                    disabled={!manage.allowed || index === rules.data.length - 1 || move.isPending}
                    onClick={() => move.mutate({ ruleId: rule.id, position: index + 1 })}
                  >
                    ↓
                  </ActionIcon>
                  <PermissionButton
                    allowed={manage.allowed}
                    tooltip={manage.tooltip}
                    permission="manage_alert_rules"
                    variant="light"
                    color="red"
                    size="compact-sm"
                    aria-label={`Delete ${rule.name}`}
                    onClick={() => confirm.ask(rule)}
                  >
                    Delete
                  </PermissionButton>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog {...confirm.dialog} title="Delete alert rule" confirmLabel="Delete rule">
        Delete {confirm.deleting?.name}? Alerts it would have matched go to the next rule.
      </ConfirmDialog>
    </Stack>
  );
}
