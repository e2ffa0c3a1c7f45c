import { ViewNames } from '@tocsin/contracts';
import type { EscalationPolicySnapshot, EscalationStep } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** One document per escalation policy of a team (issue 9, "Escalation and paging"). */
export interface EscalationPolicyDoc extends ViewDocument {
  orgId: string;
  teamId: string;
  name: string;
  steps: EscalationStep[];
  repeat: number;
  ackReminderMinutes: number | null;
  /** The policy stream's revision of the last change: what an alert's snapshot names. */
  revision: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<EscalationPolicyDoc>({
  name: ViewNames.escalationPolicies,
  collection: 'escalation_policies',
  indexes: [{ keys: { orgId: 1, teamId: 1, name: 1 } }],
});

export const escalationPoliciesView = {
  ...model,
  /** Another organization's policy is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The team's policies by name. */
  ofTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { name: 1, _id: 1 } }),
  /** Every policy of the organization (what pages an on-call schedule, before it is deleted). */
  ofOrganization: (reader: ViewReader, orgId: string) => model.find(reader, { orgId }),
};

/** What an alert copies when it triggers (the escalation in flight follows the copy, never a later edit). */
export function policySnapshot(doc: EscalationPolicyDoc): EscalationPolicySnapshot {
  return {
    policyId: doc._id,
    name: doc.name,
    revision: doc.revision,
    steps: doc.steps.map((step) => ({
      timeoutMinutes: step.timeoutMinutes,
      targets: step.targets.map((t) => ({ ...t })),
    })),
    repeat: doc.repeat,
    ackReminderMinutes: doc.ackReminderMinutes,
  };
}
