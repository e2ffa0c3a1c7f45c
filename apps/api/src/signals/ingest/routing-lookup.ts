import { Inject, Injectable } from '@nestjs/common';
import type { AlertRule, EscalationPolicySnapshot } from '@tocsin/domain';
import { alertRulesView, escalationPoliciesView, policySnapshot, ruleOf, teamsView } from '@tocsin/read-models';
import { READ_STORE, type ReadStore } from '../../runtime/ports';

/** What routing reads: a team's alert rules in evaluation order, and an escalation policy as it is now. */
@Injectable()
export class RoutingLookup {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async rulesOf(orgId: string, teamId: string): Promise<AlertRule[]> {
    return (await alertRulesView.ofTeam(this.store, orgId, teamId)).map(ruleOf);
  }

  async policy(orgId: string, policyId: string): Promise<EscalationPolicySnapshot | null> {
    const doc = await escalationPoliciesView.find(this.store, orgId, policyId);
    return doc ? policySnapshot(doc) : null;
  }

  async teamExists(orgId: string, teamId: string): Promise<boolean> {
    return (await teamsView.byId(this.store, orgId, teamId)) !== null;
  }

  /**
   * What a decider needs to know of the default team and policy a request names for a routed resource (an event
   * source, a heartbeat; the current ones for a change): the team is the organization's, the policy the team's.
   */
  async defaultsFound(
    orgId: string,
    request: { team_id?: string; escalation_policy_id?: string | null },
    current?: { teamId: string; escalationPolicyId: string | null },
  ): Promise<{ teamFound: boolean; policyFound: boolean }> {
    const teamId = request.team_id ?? current?.teamId;
    const policyId =
      request.escalation_policy_id === undefined ? current?.escalationPolicyId : request.escalation_policy_id;
    const teamFound = !!teamId && (await this.teamExists(orgId, teamId));
    const policyFound = !!teamId && !!policyId && (await this.policyOfTeam(orgId, teamId, policyId));
    return { teamFound, policyFound };
  }

  /** Whether `policyId` is an escalation policy of the team (a source's default must be). */
  async policyOfTeam(orgId: string, teamId: string, policyId: string): Promise<boolean> {
    return (await escalationPoliciesView.find(this.store, orgId, policyId))?.teamId === teamId;
  }
}
