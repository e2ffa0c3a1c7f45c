import { Select } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useEscalationPolicies } from '../../escalation-policies/api/get-escalation-policies';
import { useTeamOptions } from '../../shared/api/get-team-options';

/**
 * Where a routed resource's alerts go when no team rule matches (an event source, a heartbeat): its team, then
 * one of that team's escalation policies (cleared when the team changes). The form's fields are `team_id` and
 * `escalation_policy_id`. The self-test uses it too, with a policy required.
 */
export function DefaultRouteSelects<Values extends FieldValues>({
  control,
  teamLabel,
  teamDescription,
  policyDescription,
  policyLabel = 'Default escalation policy',
  policyRequired = false,
}: {
  control: Control<Values>;
  teamLabel: string;
  teamDescription: string;
  policyDescription: string;
  policyLabel?: string;
  /** A policy must be chosen (the self-test's): no "None". */
  policyRequired?: boolean;
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
        label={policyLabel}
        description={policyDescription}
        withAsterisk={policyRequired}
        placeholder={teamId ? (policyRequired ? 'Choose a policy' : 'None') : 'Choose a team first'}
        data={(policies.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
        value={(policy.field.value as string | null | undefined) ?? null}
        onChange={policy.field.onChange}
        disabled={!teamId}
        clearable={!policyRequired}
        searchable
        error={policy.fieldState.error?.message}
      />
    </>
  );
}
