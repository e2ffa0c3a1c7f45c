import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EscalationPolicy, EscalationPolicyTarget, EscalationTargetOption } from '@tocsin/contracts';
import { useRef, useState } from 'react';
import { useEscalationTargets } from '../api/get-escalation-targets';

export interface TargetOption {
  value: string;
  label: string;
  group: 'People' | 'Teams';
}

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

/**
 * One step's people and teams, searched by name on the server. What is chosen stays chosen, with its label,
 * while the results change under it (it is kept among the options whether or not the search matches it).
 */
export function StepTargetsSelect({ teamId, known, value, ...field }: Props) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const results = useEscalationTargets(teamId, query);
  const seen = useRef(new Map<string, TargetOption>());
  for (const option of known) if (!seen.current.has(option.value)) seen.current.set(option.value, option);
  const found = (results.data?.data ?? []).map(targetOption);
  for (const option of found) seen.current.set(option.value, option);
  const foundValues = new Set(found.map((o) => o.value));
  const chosen = value
    .filter((v) => !foundValues.has(v))
    .map((v): TargetOption => seen.current.get(v) ?? { value: v, label: v, group: 'People' });
  const options = [...found, ...chosen];
  // items without their `group` key: Mantine reads an object with one as a group of its own
  const data = GROUPS.map((group) => ({
    group,
    items: options.filter((o) => o.group === group).map(({ value: v, label }) => ({ value: v, label })),
  })).filter((g) => g.items.length > 0);
  return (
    <MultiSelect
      label={field.label}
      withAsterisk
      placeholder="Search people and teams by name"
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server already filtered by what was typed
      filter={({ options: all }) => all}
      nothingFoundMessage={results.isFetching ? 'Searching...' : 'No person or team has that name'}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.inputRef}
      error={field.error}
    />
  );
}
