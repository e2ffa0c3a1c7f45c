import type { RuleAction, RuleCondition } from '../alerts/routing';

/** The parts of a rule a person writes. */
export interface AlertRuleFields {
  name: string;
  conditions: RuleCondition[];
  action: RuleAction;
}

/**
 * `orgId` is the caller's organization (from the session), `teamId` the team in the path. `teamPolicies`
 * holds the ids of that team's escalation policies (the handler reads them, the decider rules): a route to
 * any other policy is "not found". Fields arrive as the client sent them and are checked here.
 */
export type CreateAlertRule = {
  type: 'CreateAlertRule';
  orgId: string;
  teamId: string;
  ruleId: string;
  teamPolicies: string[];
  /** 0-based place in the list; left out: last. */
  position?: number;
} & AlertRuleFields;

/** Fields left out keep their value (PATCH). */
export type ChangeAlertRule = {
  type: 'ChangeAlertRule';
  orgId: string;
  teamId: string;
  ruleId: string;
  teamPolicies: string[];
} & Partial<AlertRuleFields>;

export type DeleteAlertRule = { type: 'DeleteAlertRule'; orgId: string; teamId: string; ruleId: string };

/** Moves a rule to the 0-based `position` in the team's evaluation order. */
export type MoveAlertRule = { type: 'MoveAlertRule'; orgId: string; teamId: string; ruleId: string; position: number };

export type AlertRuleCommand = CreateAlertRule | ChangeAlertRule | DeleteAlertRule | MoveAlertRule;
