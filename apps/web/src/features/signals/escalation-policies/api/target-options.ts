import { ViewNames } from '@tocsin/contracts';
import type { EscalationPolicy, Team } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { getTeams } from '@/features/teams/api/get-teams';
import { viewKey } from '@/lib/socket';
import type { TargetOption } from '../components/escalation-policy-form';

/**
 * Who a step may page: the team's members and the organization's teams, and whoever the policy already
 * names (so a target outside those lists keeps its label).
 */
export function useTargetOptions(team: Team | undefined, policy?: EscalationPolicy) {
  const teams = useQuery({
    queryKey: viewKey(ViewNames.teams, 'list', { lite: true, per_page: 100 }),
    queryFn: ({ signal }) => getTeams({ lite: true, per_page: 100 }, { signal }),
  });
  const options = new Map<string, TargetOption>();
  for (const { user } of team?.memberships ?? []) {
    options.set(`user:${user.id}`, {
      value: `user:${user.id}`,
      label: user.name ?? user.email ?? user.id,
      group: 'People',
    });
  }
  for (const t of teams.data?.data ?? []) {
    options.set(`team:${t.id}`, { value: `team:${t.id}`, label: `${t.name} (whole team)`, group: 'Teams' });
  }
  for (const target of policy?.steps.flatMap((step) => step.targets) ?? []) {
    const value = `${target.type}:${target.id}`;
    if (!options.has(value)) {
      const label = target.name ?? target.id;
      options.set(value, {
        value,
        label: target.type === 'team' ? `${label} (whole team)` : label,
        group: target.type === 'team' ? 'Teams' : 'People',
      });
    }
  }
  return { options: [...options.values()], isPending: teams.isPending };
}
