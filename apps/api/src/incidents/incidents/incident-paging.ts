import { Inject, Injectable } from '@nestjs/common';
import { alertIdFor, alertStreamFor, incidentReference, type TriggerAlert } from '@tocsin/domain';
import { escalationPoliciesView, policySnapshot, type EscalationPolicyDoc } from '@tocsin/read-models';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { invalidField } from './incidents.service';

/** The dedup key of an incident's page: one alert per incident and team, so a retried declaration pages once. */
const pageKey = (teamId: string) => `incident-page/${teamId}`;

/**
 * Paging a team for an incident goes through the paging engine as any alert does: an alert of the incident's own
 * (the incident stands as its source, as a heartbeat does for its misses), routed straight to the team's policy
 * (no team rule can drop a page someone asked for), its escalation copied at trigger. Acknowledging it is
 * acknowledging the page; the incident and the alert name each other.
 */
@Injectable()
export class IncidentPaging {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** The policy a page goes through (400 with the field's message when the team or policy does not fit). */
  async policyFor(orgId: string, teamId: string, policyId: string | undefined): Promise<EscalationPolicyDoc> {
    if (policyId) {
      const policy = await escalationPoliciesView.find(this.store, orgId, policyId);
      if (!policy || policy.teamId !== teamId)
        throw invalidField(
          'page.escalation_policy_id',
          'page.escalation_policy_id must be an escalation policy of the paged team',
        );
      return policy;
    }
    const [first] = await escalationPoliciesView.ofTeam(this.store, orgId, teamId);
    if (!first)
      throw invalidField('page.team_id', 'page.team_id must be a team of this organization with an escalation policy');
    return first;
  }

  async page(
    incident: { incidentId: string; number: number; name: string; at: string },
    policy: EscalationPolicyDoc,
    context: RequestContext,
  ): Promise<string> {
    const key = pageKey(policy.teamId);
    const reference = incidentReference(incident.number);
    const command: TriggerAlert = {
      type: 'TriggerAlert',
      alertId: alertIdFor(incident.incidentId, key),
      orgId: context.orgId,
      sourceId: incident.incidentId,
      dedupKey: key,
      at: incident.at,
      summary: `${reference}: ${incident.name}`,
      priority: 'HIGH',
      labels: { incident: reference, incident_id: incident.incidentId },
      links: [],
      routing: { kind: 'default', teamId: policy.teamId, escalationPolicyId: policy._id, priority: 'HIGH' },
      policy: policySnapshot(policy),
    };
    const own = { ...context, commandId: deterministicId(`${context.commandId}/incident-page/${policy.teamId}`) };
    await this.commands.run(alertCommand(alertStreamFor(incident.incidentId, key), command, own));
    return command.alertId;
  }
}
