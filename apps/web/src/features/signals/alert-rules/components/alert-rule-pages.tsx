import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useEscalationPolicies } from '../../escalation-policies/api/get-escalation-policies';
import { useTeam } from '@/features/teams/api/get-team';
import { TeamLoadError } from '@/features/teams/components/team-not-found';
import { useCurrentUser } from '@/lib/get-me';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { TeamCrumbs, TeamResourceLoadError, teamOverviewPath } from '../../shared/lib/team-resource-page';
import { useCreateAlertRule } from '../api/create-alert-rule';
import { useAlertRule } from '../api/get-alert-rule';
import { useUpdateAlertRule } from '../api/update-alert-rule';
import { AlertRuleForm, ruleFormValues, ruleRequest } from './alert-rule-form';

/** /settings/teams/{id}/rules/new */
export function NewAlertRulePage() {
  const me = useCurrentUser();
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const policies = useEscalationPolicies(teamId);
  const create = useCreateAlertRule(teamId);
  const navigate = useNavigate();
  if (team.isPending || policies.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  if (policies.isError) return <ErrorAlert error={policies.error} title="Could not load the escalation policies" />;
  if (!signalsResourceAccess(me, 'manage_alert_rules', team.data).allowed)
    return <Navigate to="/unauthorized/manage_alert_rules" replace />;
  return (
    <Stack>
      <TeamCrumbs teamId={teamId} teamName={team.data.name} current="New alert rule" />
      <Title order={1} size="h2">
        New alert rule
      </Title>
      <AlertRuleForm
        teamId={teamId}
        policies={policies.data}
        defaultValues={ruleFormValues(undefined, policies.data)}
        submitLabel="Create rule"
        error={create.error}
        onCancel={() => navigate(teamOverviewPath(teamId))}
        onSubmit={async (values) => {
          await create.mutateAsync(ruleRequest(values));
          navigate(teamOverviewPath(teamId));
        }}
      />
    </Stack>
  );
}

/** /settings/teams/{id}/rules/{ruleId}/edit */
export function EditAlertRulePage() {
  const me = useCurrentUser();
  const { teamId = '', ruleId = '' } = useParams();
  const team = useTeam(teamId);
  const policies = useEscalationPolicies(teamId);
  const rule = useAlertRule(teamId, ruleId);
  const update = useUpdateAlertRule(teamId, ruleId);
  const navigate = useNavigate();
  if (team.isPending || policies.isPending || rule.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  if (policies.isError) return <ErrorAlert error={policies.error} title="Could not load the escalation policies" />;
  if (rule.isError)
    return (
      <TeamResourceLoadError
        error={rule.error}
        noun="alert rule"
        testId="rule-not-found"
        back={{ label: 'Back to the team', to: teamOverviewPath(teamId) }}
      />
    );
  if (!signalsResourceAccess(me, 'manage_alert_rules', team.data).allowed)
    return <Navigate to="/unauthorized/manage_alert_rules" replace />;
  return (
    <Stack>
      <TeamCrumbs teamId={teamId} teamName={team.data.name} current={rule.data.name} />
      <Title order={1} size="h2">
        Edit {rule.data.name}
      </Title>
      <AlertRuleForm
        teamId={teamId}
        policies={policies.data}
        defaultValues={ruleFormValues(rule.data)}
        submitLabel="Save changes"
        error={update.error}
        onCancel={() => navigate(teamOverviewPath(teamId))}
        onSubmit={async (values) => {
          await update.mutateAsync(ruleRequest(values));
          navigate(teamOverviewPath(teamId));
        }}
      />
    </Stack>
  );
}
