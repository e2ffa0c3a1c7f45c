import type { EscalationTargetType } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';

/** A target of a step: a user or a whole team of the organization; `name` is read from the users/teams views. */
export interface EscalationPolicyTarget {
  type: EscalationTargetType;
  id: string;
  name?: string;
  /** A user no longer a member of the organization: unnamed, and paged by nothing until the step is edited. */
  removed?: true;
}

export interface EscalationPolicyStepBody {
  /** ISO-8601, whole minutes from PT1M to PT24H: how long to wait for an acknowledgement before the next step. */
  timeout: string;
  /** At least one; users and teams of the organization. */
  targets: Array<{ type: EscalationTargetType; id: string }>;
}

/** GET /api/v1/teams/{teamId}/escalation_policies/{id} and each item of the list. */
export interface EscalationPolicy {
  id: string;
  team_id: string;
  name: string;
  steps: Array<{ timeout: string; targets: EscalationPolicyTarget[] }>;
  /** 0 to 9: how many more times the whole list runs when nobody acknowledges. */
  repeat: number;
  /**
   * Null: no reminder; else ISO-8601, whole minutes from PT5M to PT24H: an acknowledged alert still unresolved
   * reminds its acknowledger every this long.
   */
  ack_reminder: string | null;
  /** The policy's version: an alert's copy names the one it followed. */
  revision: number;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/teams/{teamId}/escalation_policies. */
export interface EscalationPolicyRequest {
  name: string;
  steps: EscalationPolicyStepBody[];
  repeat?: number;
  ack_reminder?: string | null;
}

/** PATCH /api/v1/teams/{teamId}/escalation_policies/{id}: a field left out keeps its value. */
export type EscalationPolicyChangeRequest = Partial<EscalationPolicyRequest>;

export interface EscalationPoliciesResponse {
  data: EscalationPolicy[];
}

/** Query of GET /api/v1/teams/{teamId}/escalation_targets: `query` is part of a name (never an email). */
export interface EscalationTargetsQuery extends PageQuery {
  query?: string;
}

/** Who a step of the team's policies may page: a member or a team of the organization, by name only. */
export interface EscalationTargetOption {
  type: EscalationTargetType;
  id: string;
  name: string;
}

export interface EscalationTargetsResponse {
  data: EscalationTargetOption[];
  pagination: PagePagination;
}
