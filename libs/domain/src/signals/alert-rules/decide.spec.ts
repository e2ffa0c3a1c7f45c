import { deciderSpec } from '../../../../../test/support/decider-spec';
import { patternProgramSize } from '../alerts/pattern-cache';
import type { AlertRule } from '../alerts/routing';
import type { DomainError } from '../../shared/event';
import type { AlertRuleCommand, CreateAlertRule } from './commands';
import { decideAlertRules } from './decide';
import type { AlertRuleEvent } from './events';
import { evolveAlertRules, initialAlertRules, type AlertRulesState } from './state';

const rules = deciderSpec<AlertRulesState, AlertRuleCommand, AlertRuleEvent>({
  initial: initialAlertRules,
  evolve: evolveAlertRules,
  decide: decideAlertRules,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const refused = (expectedCode: DomainError['code'], expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe(expectedCode);
  expect((error as DomainError).fields).toEqual(expected);
};

const base = { orgId: 'o1', teamId: 't1' };
const create = (ruleId: string, extra: Partial<CreateAlertRule> = {}): CreateAlertRule => ({
  type: 'CreateAlertRule',
  ...base,
  ruleId,
  teamPolicies: ['p1'],
  name: ` Rule ${ruleId} `,
  conditions: [{ field: 'labels.service', operator: 'equals', value: 'db' }],
  action: { type: 'route', escalationPolicyId: 'p1', priority: 'HIGH' },
  ...extra,
});
const rule = (id: string): AlertRule => ({
  id,
  teamId: 't1',
  name: `Rule ${id}`,
  conditions: [{ field: 'labels.service', operator: 'equals', value: 'db' }],
  action: { type: 'route', escalationPolicyId: 'p1', priority: 'HIGH' },
});
const createdEvent = (id: string, order: string[]): AlertRuleEvent => ({
  type: 'AlertRuleCreated',
  data: { ...base, rule: rule(id), order },
});
const three = [createdEvent('r1', ['r1']), createdEvent('r2', ['r1', 'r2']), createdEvent('r3', ['r1', 'r2', 'r3'])];

describe('alert rules decider', () => {
  it('appends a rule by default and inserts it at a given position', () => {
    rules
      .given([])
      .when(create('r1'))
      .then([createdEvent('r1', ['r1'])]);
    rules
      .given(three)
      .when(create('r4', { position: 0 }))
      .then([createdEvent('r4', ['r4', 'r1', 'r2', 'r3'])]);
  });

  it('keeps only the fields a condition and an action have; exists needs no value, drop no policy', () => {
    rules
      .given([])
      .when(
        create('r1', {
          conditions: [{ field: 'labels.env', operator: 'exists', value: 'ignored' }],
          action: { type: 'drop' },
          teamPolicies: [],
        }),
      )
      .then([
        {
          type: 'AlertRuleCreated',
          data: {
            ...base,
            rule: {
              id: 'r1',
              teamId: 't1',
              name: 'Rule r1',
              conditions: [{ field: 'labels.env', operator: 'exists' }],
              action: { type: 'drop' },
            },
            order: ['r1'],
          },
        },
      ]);
  });

  it('names every bad field: name, conditions (the routing checks), action and position', () => {
    rules
      .given([])
      .when(
        create('r1', {
          name: '',
          conditions: [{ field: 'host', operator: 'matches', value: '(' }] as never,
          action: { type: 'route', escalationPolicyId: '', priority: 'URGENT' as never },
        }),
      )
      .thenThrows(
        refused('invalid', {
          name: ['name is a required field'],
          'conditions[0].field': ['conditions[0].field must be source, summary, priority or labels.<name>'],
          'conditions[0].value': [
            'conditions[0].value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)',
          ],
          'action.escalation_policy_id': ['action.escalation_policy_id is a required field'],
          'action.priority': ['action.priority must be one of HIGH, MEDIUM, LOW'],
        }),
      );
    rules
      .given([])
      .when(create('r1', { action: { type: 'page' } as never }))
      .thenThrows(refused('invalid', { 'action.type': ['action.type must be one of route, drop'] }));
    rules
      .given([])
      .when(create('r1', { position: 1 }))
      .thenThrows(refused('invalid', { position: ['position must be at most 0'] }));
  });

  it('treats a policy outside the team as not found', () => {
    rules
      .given([])
      .when(create('r1', { teamPolicies: ['p2'] }))
      .thenThrows(
        refused('not_found', {
          'action.escalation_policy_id': ['action.escalation_policy_id: no such escalation policy in this team'],
        }),
      );
  });

  it('changes only the given fields in place, and records nothing when nothing changes', () => {
    rules
      .given(three)
      .when({ type: 'ChangeAlertRule', ...base, ruleId: 'r2', teamPolicies: [], name: 'Database' })
      .then([
        {
          type: 'AlertRuleChanged',
          data: { ...base, rule: { ...rule('r2'), name: 'Database' }, order: ['r1', 'r2', 'r3'] },
        },
      ]);
    rules
      .given(three)
      .when({ type: 'ChangeAlertRule', ...base, ruleId: 'r2', teamPolicies: [], name: 'Rule r2' })
      .thenNothingHappened();
  });

  it("bounds the team's patterns together: routing one alert runs every one of them", () => {
    // 199 instructions each: two fit in the team's 500, a third does not
    const heavy = '^[a-z]{1,98}$';
    expect(patternProgramSize('o1', heavy)).toBe(199);
    const matching = (id: string): AlertRule => ({
      ...rule(id),
      conditions: [{ field: 'summary', operator: 'matches', value: heavy }],
    });
    const withPatterns: AlertRuleEvent[] = [
      { type: 'AlertRuleCreated', data: { ...base, rule: matching('r1'), order: ['r1'] } },
      { type: 'AlertRuleCreated', data: { ...base, rule: matching('r2'), order: ['r1', 'r2'] } },
    ];
    rules
      .given(withPatterns)
      .when(create('r3', { conditions: matching('r3').conditions }))
      .thenThrows(
        refused('invalid', {
          conditions: [
            "conditions: the patterns of a team's rules together must compile to at most 500 steps " +
              "(this rule's take 199, the team's other rules' 398): simplify or remove some",
          ],
        }),
      );
    // a rule without patterns still fits, and so does a change that takes no more than before
    rules
      .given(withPatterns)
      .when(create('r3'))
      .then([createdEvent('r3', ['r1', 'r2', 'r3'])]);
    rules
      .given(withPatterns)
      .when({ type: 'ChangeAlertRule', ...base, ruleId: 'r2', teamPolicies: [], name: 'Renamed' })
      .then([
        {
          type: 'AlertRuleChanged',
          data: { ...base, rule: { ...matching('r2'), name: 'Renamed' }, order: ['r1', 'r2'] },
        },
      ]);
  });

  it('refuses null for a field a rule must have, rather than keeping the old value', () => {
    rules
      .given(three)
      .when({
        type: 'ChangeAlertRule',
        ...base,
        ruleId: 'r2',
        teamPolicies: [],
        conditions: null as never,
        action: null as never,
      })
      .thenThrows(
        refused('invalid', { conditions: ['conditions is a required field'], action: ['action is a required field'] }),
      );
  });

  it('moves a rule and deletes one, keeping the rest in order; a deleted id is not reused', () => {
    rules
      .given(three)
      .when({ type: 'MoveAlertRule', ...base, ruleId: 'r3', position: 0 })
      .then([{ type: 'AlertRuleMoved', data: { ...base, ruleId: 'r3', order: ['r3', 'r1', 'r2'] } }]);
    rules
      .given(three)
      .when({ type: 'MoveAlertRule', ...base, ruleId: 'r1', position: 2 })
      .then([{ type: 'AlertRuleMoved', data: { ...base, ruleId: 'r1', order: ['r2', 'r3', 'r1'] } }]);
    rules
      .given(three)
      .when({ type: 'MoveAlertRule', ...base, ruleId: 'r1', position: 0 })
      .thenNothingHappened();
    rules
      .given(three)
      .when({ type: 'MoveAlertRule', ...base, ruleId: 'r1', position: 3 })
      .thenThrows(code('invalid'));
    const deleted: AlertRuleEvent = { type: 'AlertRuleDeleted', data: { ...base, ruleId: 'r2', order: ['r1', 'r3'] } };
    rules
      .given(three)
      .when({ type: 'DeleteAlertRule', ...base, ruleId: 'r2' })
      .then([deleted]);
    rules
      .given([...three, deleted])
      .when(create('r2'))
      .thenThrows(code('conflict'));
    rules
      .given([...three, deleted])
      .when({ type: 'DeleteAlertRule', ...base, ruleId: 'r2' })
      .thenThrows(code('not_found'));
  });

  it("treats another organization's list and an unknown rule as not found", () => {
    rules
      .given(three)
      .when(create('r9', { orgId: 'o2' }))
      .thenThrows(code('not_found'));
    rules
      .given(three)
      .when({ type: 'DeleteAlertRule', ...base, orgId: 'o2', ruleId: 'r1' })
      .thenThrows(code('not_found'));
    rules
      .given(three)
      .when({ type: 'MoveAlertRule', ...base, ruleId: 'nope', position: 0 })
      .thenThrows(code('not_found'));
  });
});
