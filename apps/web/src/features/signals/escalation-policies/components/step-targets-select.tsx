import type { EscalationPolicy, EscalationPolicyTarget, EscalationTargetOption } from '@tocsin/contracts';
import { SearchPicker } from '@/components/ui/search-picker';
import type { PickerOption } from '@/components/ui/search-picker-options';
import { usePickerSearch } from '@/components/ui/use-picker-search';
import { useEscalationTargets } from '../api/get-escalation-targets';

export type TargetOption = PickerOption;

const GROUPS = ['People', 'Teams'] as const;

export function targetOption(target: EscalationTargetOption | EscalationPolicyTarget): TargetOption {
  const label = target.name ?? target.id;
  return {
    value: `${target.type}:${target.id}`,
    label: target.type === 'team' ? `${label} (whole team)` : label,
    group: target.type === 'team' ? 'Teams' : 'People',
  };
}

/** The targets a policy already names, so each keeps its label whatever the search shows. */
export const policyTargetOptions = (policy?: EscalationPolicy): TargetOption[] =>
  (policy?.steps.flatMap((step) => step.targets) ?? []).map(targetOption);

interface Props {
  teamId: string;
  label: string;
  known: TargetOption[];
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error?: string;
}

/** One step's people and teams, searched by name on the server. */
export function StepTargetsSelect({ teamId, ...field }: Props) {
  const search = usePickerSearch();
  const results = useEscalationTargets(teamId, search.query);
  return (
    <SearchPicker
      {...field}
      withAsterisk
      placeholder="Search people and teams by name"
      search={search}
      found={(results.data?.data ?? []).map(targetOption)}
      groups={GROUPS}
      searching={results.isFetching}
      nothingFound="No person or team has that name"
    />
  );
}
