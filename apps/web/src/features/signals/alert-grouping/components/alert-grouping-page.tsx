import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import type { AlertGroupResource, GroupingRuleResource } from '@tocsin/contracts';
import { displayIsoDuration } from '@tocsin/domain';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useNarrow } from '../../shared/components/use-narrow';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { describeConditions } from '../../shared/lib/conditions';
import { useAlertGroupAction, type AlertGroupAction } from '../api/run-alert-group-action';
import { useAlertGroups } from '../api/get-alert-groups';
import { useGroupingRules } from '../api/get-grouping-rules';

const editHref = (rule: GroupingRuleResource) => `/signals/alert_grouping/${encodeURIComponent(rule.id)}/edit`;
const keyText = (group: AlertGroupResource) =>
  Object.entries(group.key)
    .map(([field, value]) => `${field}=${value || '(empty)'}`)
    .join(', ');

interface Props {
  canManage: boolean;
  canAct: boolean;
}

/** /signals/alert_grouping: the teams' grouping rules in order, and the groups alerts formed lately. */
export function AlertGroupingPage({ canManage, canAct }: Props) {
  const navigate = useNavigate();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Alert grouping
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_alert_grouping"
          onClick={() => navigate('/signals/alert_grouping/new')}
        >
          New grouping rule
        </PermissionButton>
      </Group>
      <Text size="sm" c="dimmed">
        Alerts of a team with equal values in a rule's fields join one group while it is open: the group pages once, for
        its first alert, and acknowledging or resolving it does so for every alert in it.
      </Text>
      <RulesSection canManage={canManage} />
      <GroupsSection canAct={canAct} />
    </Stack>
  );
}

function RulesSection({ canManage }: { canManage: boolean }) {
  const rules = useGroupingRules();
  const teamNames = useTeamNames();
  const narrow = useNarrow();
  const teamName = (rule: GroupingRuleResource) => rule.team_name ?? teamNames.get(rule.team_id) ?? rule.team_id;
  const name = (rule: GroupingRuleResource) =>
    canManage ? (
      <Anchor component={Link} to={editHref(rule)} fw={500}>
        {rule.name}
      </Anchor>
    ) : (
      <Text fw={500}>{rule.name}</Text>
    );
  return (
    <Stack gap="xs" component="section" aria-labelledby="grouping-rules-title">
      <Title order={2} size="h3" id="grouping-rules-title">
        Rules
      </Title>
      {rules.isPending ? (
        <LoadingArea />
      ) : rules.isError ? (
        <ErrorAlert error={rules.error} title="Could not load the grouping rules" />
      ) : rules.data.length === 0 ? (
        <Text c="dimmed" data-testid="grouping-rules-empty">
          No grouping rules yet: every alert pages on its own.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Grouping rules">
          {rules.data.map((rule) => (
            <Card key={rule.id} component="li" withBorder padding="sm" data-testid="grouping-rule-row">
              {name(rule)}
              <Text size="sm">
                {teamName(rule)} · #{rule.position + 1}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="grouping-rule-conditions">
                When {describeConditions(rule.conditions)}
              </Text>
              <Text size="sm" c="dimmed">
                By {rule.fields.join(', ')} · {displayIsoDuration(rule.window)}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped aria-label="Grouping rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Order</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Group by</Table.Th>
              <Table.Th>Window</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data.map((rule) => (
              <Table.Tr key={rule.id} data-testid="grouping-rule-row">
                <Table.Td>{name(rule)}</Table.Td>
                <Table.Td>{teamName(rule)}</Table.Td>
                <Table.Td>{rule.position + 1}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="grouping-rule-conditions">
                  {describeConditions(rule.conditions)}
                </Table.Td>
                <Table.Td ff="monospace">{rule.fields.join(', ')}</Table.Td>
                <Table.Td>{displayIsoDuration(rule.window)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

const STATUS_COLORS: Record<AlertGroupResource['status'], string> = {
  open: 'red',
  acknowledged: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

function GroupsSection({ canAct }: { canAct: boolean }) {
  const groups = useAlertGroups();
  const action = useAlertGroupAction();
  return (
    <Stack gap="xs" component="section" aria-labelledby="alert-groups-title">
      <Title order={2} size="h3" id="alert-groups-title">
        Groups
      </Title>
      {action.error != null && <ErrorAlert error={action.error} title="Could not act on the group" />}
      {groups.isPending ? (
        <LoadingArea />
      ) : groups.isError ? (
        <ErrorAlert error={groups.error} title="Could not load the alert groups" />
      ) : groups.data.length === 0 ? (
        <Text c="dimmed" data-testid="alert-groups-empty">
          No alert has been grouped yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Alert groups">
          {groups.data.map((group) => (
            <Card key={group.id} component="li" withBorder padding="sm" data-testid="alert-group-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/signals/alerts/${encodeURIComponent(group.first_alert_id)}`}
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {group.summary}
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {keyText(group)} · {group.alert_count} {group.alert_count === 1 ? 'alert' : 'alerts'}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={STATUS_COLORS[group.status]} variant="light">
                    {group.status}
                  </Badge>
                  {(group.status === 'open' || group.status === 'closed') && (
                    <GroupActionButton group={group} action="acknowledge" canAct={canAct} run={action.mutate} />
                  )}
                  {group.status !== 'resolved' && (
                    <GroupActionButton group={group} action="resolve" canAct={canAct} run={action.mutate} />
                  )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const ACTION_LABELS: Record<AlertGroupAction, string> = { acknowledge: 'Acknowledge', resolve: 'Resolve' };

function GroupActionButton(props: {
  group: AlertGroupResource;
  action: AlertGroupAction;
  canAct: boolean;
  run: (input: { groupId: string; action: AlertGroupAction }) => void;
}) {
  const { group, action, canAct, run } = props;
  return (
    <PermissionButton
      size="xs"
      variant="default"
      allowed={canAct}
      permission="act_on_alerts"
      aria-label={`${ACTION_LABELS[action]} the group ${group.summary}`}
      onClick={() => run({ groupId: group.id, action })}
    >
      {ACTION_LABELS[action]}
    </PermissionButton>
  );
}
