import type { EscalationPolicyFields } from './events';

/**
 * `orgId` is the caller's organization (from the session). `knownTargets` holds the targets named in the
 * command that exist in that organization, as `user:{id}` / `team:{id}`: the handler looks them up in the
 * read models, the decider rules (a target it does not find is "not found", like another organization's).
 * Fields arrive as the client sent them: the decider checks every one and names each that is wrong.
 */
export type CreateEscalationPolicy = {
  type: 'CreateEscalationPolicy';
  policyId: string;
  orgId: string;
  teamId: string;
  knownTargets: string[];
} & EscalationPolicyFields;

/** Fields left out keep their value (PATCH). */
export type ChangeEscalationPolicy = {
  type: 'ChangeEscalationPolicy';
  policyId: string;
  orgId: string;
  /** The team in the path: a policy of another team is not found through it. */
  teamId: string;
  knownTargets: string[];
} & Partial<EscalationPolicyFields>;

/**
 * `usedBy`: what routes to this policy (`alert rule "Database"`, `event source "Prometheus"`, read by the
 * handler); deleting it under them is refused, so no rule or source points at nothing.
 */
export type DeleteEscalationPolicy = {
  type: 'DeleteEscalationPolicy';
  policyId: string;
  orgId: string;
  teamId: string;
  usedBy: string[];
};

export type EscalationPolicyCommand = CreateEscalationPolicy | ChangeEscalationPolicy | DeleteEscalationPolicy;

export const targetKey = (target: { type: string; id: string }) => `${target.type}:${target.id}`;
