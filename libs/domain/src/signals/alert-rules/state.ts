import type { AlertRule } from '../alerts/routing';
import type { AlertRuleEvent } from './events';

export interface AlertRulesState {
  orgId: string | null;
  /** In evaluation order. */
  rules: AlertRule[];
  /** Ids of deleted rules: never reused. */
  deleted: string[];
}

export const initialAlertRules = (): AlertRulesState => ({ orgId: null, rules: [], deleted: [] });

const ordered = (rules: AlertRule[], order: string[]) =>
  order.map((id) => rules.find((rule) => rule.id === id)).filter((rule): rule is AlertRule => rule !== undefined);

export function evolveAlertRules(state: AlertRulesState, event: AlertRuleEvent): AlertRulesState {
  const { orgId, order } = event.data;
  switch (event.type) {
    case 'AlertRuleCreated':
      return { ...state, orgId, rules: ordered([...state.rules, event.data.rule], order) };
    case 'AlertRuleChanged': {
      const { rule } = event.data;
      return {
        ...state,
        rules: ordered(
          state.rules.map((r) => (r.id === rule.id ? rule : r)),
          order,
        ),
      };
    }
    case 'AlertRuleDeleted':
      return { ...state, rules: ordered(state.rules, order), deleted: [...state.deleted, event.data.ruleId] };
    case 'AlertRuleMoved':
      return { ...state, rules: ordered(state.rules, order) };
  }
}
