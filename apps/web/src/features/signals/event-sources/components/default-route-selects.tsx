import { Select } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useEscalationPolicies } from '../../escalation-policies/api/get-escalation-policies';
import { useTeamOptions } from '../../shared/api/get-team-options';

/**
 * Where a routed resource's alerts go when no team rule matches (an event source, a heartbeat): its team, then
 * one of that team's escalation policies (cleared when the team changes). The form's fields are `team_id` and
 * `escalation_policy_id`.
 */
export function DefaultRouteSelects<Values extends FieldValues>({
  control,
  teamLabel,
  teamDescription,
  policyDescription,
}: {
  control: Control<Values>;
  teamLabel: string;
  teamDescription: string;
  policyDescription: string;
}) {
  const team = useController({ control, name: 'team_id' as Path<Values> });
  const policy = useController({ control, name: 'escalation_policy_id' as Path<Values> });
  const teams = useTeamOptions();
  const teamId = (team.field.value as string | undefined) || null;
  const policies = useEscalationPolicies(teamId);
  return (
    <>
      <Select
        label={teamLabel}
        description={teamDescription}
        withAsterisk
        placeholder="Choose a team"
        data={(teams.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
        value={teamId}
        onChange={(value) => {
          team.field.onChange(value ?? '');
          policy.field.onChange(null);
        }}
        searchable
        error={team.fieldState.error?.message}
      />
      <Select
        label="Default escalation policy"
        description={policyDescription}
        placeholder={teamId ? 'None' : 'Choose a team first'}
        data={(policies.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
        value={(policy.field.value as string | null | undefined) ?? null}
        onChange={policy.field.onChange}
        disabled={!teamId}
        clearable
        error={policy.fieldState.error?.message}
      />
    </>
  );
}
