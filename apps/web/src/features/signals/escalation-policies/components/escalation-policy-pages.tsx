import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useTeam } from '@/features/teams/api/get-team';
import { TeamLoadError } from '@/features/teams/components/team-not-found';
import { useCurrentUser } from '@/lib/get-me';
import { signalsResourceAccess } from '../../shared/lib/signals-access';
import { TeamCrumbs, TeamResourceLoadError } from '../../shared/lib/team-resource-page';
import { useCreateEscalationPolicy } from '../api/create-escalation-policy';
import { useEscalationPolicy } from '../api/get-escalation-policy';
import { useUpdateEscalationPolicy } from '../api/update-escalation-policy';
import { EscalationPolicyForm, policyFormValues, policyRequest } from './escalation-policy-form';
import { policyTargetOptions } from './step-targets-select';

export const policiesPath = (teamId: string) => `/settings/teams/${teamId}/escalation_policies`;
const policiesCrumb = (teamId: string) => [{ label: 'Escalation policies', to: policiesPath(teamId) }];

/** /settings/teams/{id}/escalation_policies/new */
export function NewEscalationPolicyPage() {
  const me = useCurrentUser();
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const create = useCreateEscalationPolicy(teamId);
  const navigate = useNavigate();
  if (team.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  if (!signalsResourceAccess(me, 'manage_escalation_policies', team.data).allowed)
    return <Navigate to="/unauthorized/manage_escalation_policies" replace />;
  return (
    <Stack>
      <TeamCrumbs teamId={teamId} teamName={team.data.name} between={policiesCrumb(teamId)} current="New" />
      <Title order={1} size="h2">
        New escalation policy
      </Title>
      <EscalationPolicyForm
        defaultValues={policyFormValues()}
        teamId={teamId}
        knownTargets={[]}
        submitLabel="Create policy"
        error={create.error}
        onCancel={() => navigate(policiesPath(teamId))}
        onSubmit={async (values) => {
          await create.mutateAsync(policyRequest(values));
          navigate(policiesPath(teamId));
        }}
      />
    </Stack>
  );
}

/** /settings/teams/{id}/escalation_policies/{policyId}/edit */
export function EditEscalationPolicyPage() {
  const me = useCurrentUser();
  const { teamId = '', policyId = '' } = useParams();
  const team = useTeam(teamId);
  const policy = useEscalationPolicy(teamId, policyId);
  const update = useUpdateEscalationPolicy(teamId, policyId);
  const navigate = useNavigate();
  if (team.isPending || policy.isPending) return <LoadingArea />;
  if (team.isError) return <TeamLoadError error={team.error} />;
  if (policy.isError)
    return (
      <TeamResourceLoadError
        error={policy.error}
        noun="escalation policy"
        testId="policy-not-found"
        back={{ label: "View the team's escalation policies", to: policiesPath(teamId) }}
      />
    );
  if (!signalsResourceAccess(me, 'manage_escalation_policies', team.data).allowed)
    return <Navigate to="/unauthorized/manage_escalation_policies" replace />;
  return (
    <Stack>
      <TeamCrumbs
        teamId={teamId}
        teamName={team.data.name}
        between={policiesCrumb(teamId)}
        current={policy.data.name}
      />
      <Title order={1} size="h2">
        Edit {policy.data.name}
      </Title>
      <EscalationPolicyForm
        defaultValues={policyFormValues(policy.data)}
        teamId={teamId}
        knownTargets={policyTargetOptions(policy.data)}
        submitLabel="Save changes"
        error={update.error}
        onCancel={() => navigate(policiesPath(teamId))}
        onSubmit={async (values) => {
          await update.mutateAsync(policyRequest(values));
          navigate(policiesPath(teamId));
        }}
      />
    </Stack>
  );
}
