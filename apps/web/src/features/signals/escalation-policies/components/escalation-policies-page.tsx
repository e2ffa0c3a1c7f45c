import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { EscalationPolicy, EscalationPolicyTarget } from '@tocsin/contracts';
import { displayIsoDuration } from '@tocsin/domain';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeam } from '@/features/teams/api/get-team';
import { PermissionButton } from '@/components/ui/permission-button';
import { TeamLoadError } from '@/features/teams/components/team-not-found';
import { useCurrentUser } from '@/lib/get-me';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { TeamCrumbs } from '../../shared/lib/team-resource-page';
import { useDeleteEscalationPolicy } from '../api/delete-escalation-policy';
import { useEscalationPolicies } from '../api/get-escalation-policies';
import { policiesPath } from './escalation-policy-pages';

/** A target as the summary reads it: a user removed from the organization says so (they page nobody). */
const targetText = (t: EscalationPolicyTarget) =>
  t.removed
    ? 'a removed member (pages nobody: edit the step)'
    : t.type === 'team'
      ? `${t.name ?? t.id} (team)`
      : (t.name ?? t.id);

function PolicySummary({ policy }: { policy: EscalationPolicy }) {
  return (
    <List type="ordered" size="sm" spacing={4}>
      {policy.steps.map((step, index) => (
        <List.Item key={index}>
          Notify {step.targets.map(targetText).join(', ')}; wait {displayIsoDuration(step.timeout)}
        </List.Item>
      ))}
    </List>
  );
}

/** /settings/teams/{id}/escalation_policies: the team's policies, each with its steps, live. */
export function EscalationPoliciesPage() {
  const me = useCurrentUser();
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const policies = useEscalationPolicies(teamId);
  const remove = useDeleteEscalationPolicy(teamId);
  const navigate = useNavigate();
  const confirm = useDeleteConfirmation<EscalationPolicy>(remove);
  if (team.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  const manage = signalsResourceAccess(me, 'manage_escalation_policies', team.data);

  return (
    <Stack gap="lg">
      <TeamCrumbs teamId={teamId} teamName={team.data.name} current="Escalation policies" />
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          Escalation policies
        </Title>
        <PermissionButton
          allowed={manage.allowed}
          tooltip={manage.tooltip}
          permission="manage_escalation_policies"
          onClick={() => navigate(`${policiesPath(teamId)}/new`)}
        >
          New escalation policy
        </PermissionButton>
      </Group>
      {policies.isPending ? (
        <LoadingArea />
      ) : policies.isError ? (
        <ErrorAlert error={policies.error} title="Could not load the escalation policies" />
      ) : policies.data.length === 0 ? (
        <Text c="dimmed" data-testid="policies-empty">
          No escalation policies yet. A policy says who is paged for this team&apos;s alerts, in which order.
        </Text>
      ) : (
        <Stack gap="sm">
          {policies.data.map((policy) => (
            <Card key={policy.id} withBorder padding="md" data-testid="policy-row">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {policy.name}
                  </Title>
                  <Group gap="xs">
                    <PermissionButton
                      allowed={manage.allowed}
                      tooltip={manage.tooltip}
                      permission="manage_escalation_policies"
                      variant="default"
                      size="compact-sm"
                      aria-label={`Edit ${policy.name}`}
                      onClick={() => navigate(`${policiesPath(teamId)}/${policy.id}/edit`)}
                    >
                      Edit
                    </PermissionButton>
                    <PermissionButton
                      allowed={manage.allowed}
                      tooltip={manage.tooltip}
                      permission="manage_escalation_policies"
                      variant="light"
                      color="red"
                      size="compact-sm"
                      aria-label={`Delete ${policy.name}`}
                      onClick={() => confirm.ask(policy)}
                    >
                      Delete
                    </PermissionButton>
                  </Group>
                </Group>
                <PolicySummary policy={policy} />
                <Group gap="xs">
                  <Badge variant="light" color="gray" tt="none">
                    {policy.repeat === 0 ? 'Runs once' : `Repeats ${policy.repeat}×`}
                  </Badge>
                  <Badge variant="light" color="gray" tt="none">
                    {policy.ack_reminder === null
                      ? 'No reminder after acknowledgement'
                      : `Reminder ${displayIsoDuration(policy.ack_reminder)} after acknowledgement`}
                  </Badge>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog {...confirm.dialog} title="Delete escalation policy" confirmLabel="Delete policy">
        Delete {confirm.deleting?.name}? Alerts already paging keep the copy they took.
      </ConfirmDialog>
    </Stack>
  );
}
