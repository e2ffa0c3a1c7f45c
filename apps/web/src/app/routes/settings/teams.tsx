import { useCurrentUser } from '@/lib/get-me';
import { TeamOverviewPage } from '@/features/teams/components/team-overview-page';
import { TeamsPage } from '@/features/teams/components/teams-page';

export { EditTeamPage as EditTeamRoute } from '@/features/teams/components/edit-team-page';
export { NewTeamPage as NewTeamRoute } from '@/features/teams/components/new-team-page';
export { TeamIndexRedirect as TeamIndexRoute } from '@/features/teams/components/team-index-redirect';

// The pages show their changes to everyone who may read them, disabled with a tooltip for whoever may not make them.
const useCanManageTeams = () => useCurrentUser().permissions.includes('manage_teams');

/** /settings/teams */
export function TeamsRoute() {
  return <TeamsPage canManage={useCanManageTeams()} />;
}

/** /settings/teams/{id}/overview */
export function TeamOverviewRoute() {
  return <TeamOverviewPage />;
}

export {
  EditEscalationPolicyPage as EditEscalationPolicyRoute,
  NewEscalationPolicyPage as NewEscalationPolicyRoute,
} from '@/features/signals/escalation-policies/components/escalation-policy-pages';
export { EscalationPoliciesPage as EscalationPoliciesRoute } from '@/features/signals/escalation-policies/components/escalation-policies-page';
export {
  EditAlertRulePage as EditAlertRuleRoute,
  NewAlertRulePage as NewAlertRuleRoute,
} from '@/features/signals/alert-rules/components/alert-rule-pages';
