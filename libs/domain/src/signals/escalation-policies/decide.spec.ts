import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { ChangeEscalationPolicy, CreateEscalationPolicy, EscalationPolicyCommand } from './commands';
import { decideEscalationPolicy } from './decide';
import type { EscalationPolicyEvent } from './events';
import { evolveEscalationPolicy, initialEscalationPolicy, type EscalationPolicyState } from './state';

const policy = deciderSpec<EscalationPolicyState, EscalationPolicyCommand, EscalationPolicyEvent>({
  initial: initialEscalationPolicy,
  evolve: evolveEscalationPolicy,
  decide: decideEscalationPolicy,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const refused = (expectedCode: DomainError['code'], expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe(expectedCode);
  expect((error as DomainError).fields).toEqual(expected);
};

const steps = [
  { timeoutMinutes: 5, targets: [{ type: 'user' as const, id: 'u1' }] },
  {
    timeoutMinutes: 15,
    targets: [
      { type: 'team' as const, id: 't1' },
      { type: 'user' as const, id: 'u2' },
    ],
  },
];
const create: CreateEscalationPolicy = {
  type: 'CreateEscalationPolicy',
  policyId: 'p1',
  orgId: 'o1',
  teamId: 't1',
  knownTargets: ['user:u1', 'user:u2', 'team:t1'],
  name: ' Primary ',
  steps,
  repeat: 2,
  ackReminderMinutes: null,
};
const created: EscalationPolicyEvent = {
  type: 'EscalationPolicyCreated',
  data: { policyId: 'p1', orgId: 'o1', teamId: 't1', name: 'Primary', steps, repeat: 2, ackReminderMinutes: null },
};
/** A change of policy p1 of team t1, with no targets known beyond the ones it already has. */
const change = (fields: Partial<ChangeEscalationPolicy>): ChangeEscalationPolicy => ({
  type: 'ChangeEscalationPolicy',
  policyId: 'p1',
  orgId: 'o1',
  teamId: 't1',
  knownTargets: [],
  ...fields,
});

describe('escalation policy decider', () => {
  it('creates a policy with a trimmed name and its ordered steps', () => {
    policy.given([]).when(create).then([created]);
  });

  it('names every bad field at once, in the API words', () => {
    policy
      .given([])
      .when({
        ...create,
        name: '  ',
        repeat: 10,
        ackReminderMinutes: 0,
        steps: [
          { timeoutMinutes: 0, targets: [] },
          { timeoutMinutes: 1.5, targets: [{ type: 'rota' as never, id: '' }] },
          {
            timeoutMinutes: 1441,
            targets: [
              { type: 'user', id: 'u1' },
              { type: 'user', id: 'u1' },
            ],
          },
          'x' as never,
        ],
      })
      .thenThrows(
        refused('invalid', {
          name: ['name is a required field'],
          repeat: ['repeat must be at most 9'],
          ack_reminder: [
            'ack_reminder must be an ISO-8601 duration in whole minutes from PT5M to PT24H, or null for no reminder',
          ],
          'steps[0].timeout': ['steps[0].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
          'steps[0].targets': ['steps[0].targets must name at least one user or team'],
          'steps[1].timeout': ['steps[1].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
          'steps[1].targets[0].type': ['steps[1].targets[0].type must be one of user, team, schedule'],
          'steps[1].targets[0].id': ['steps[1].targets[0].id is a required field'],
          'steps[2].timeout': ['steps[2].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
          'steps[2].targets[1].id': ['steps[2].targets[1] names the same user twice'],
          'steps[3]': ['steps[3] must be an object with timeout and targets'],
        }),
      );
  });

  it('refuses no steps, too many steps, and missing values', () => {
    policy
      .given([])
      .when({ ...create, steps: [] })
      .thenThrows(refused('invalid', { steps: ['steps must hold at least one step'] }));
    policy
      .given([])
      .when({ ...create, steps: Array.from({ length: 11 }, () => steps[0]) })
      .thenThrows(refused('invalid', { steps: ['steps must hold at most 10 steps'] }));
    policy
      .given([])
      .when({ ...create, steps: undefined as never, repeat: undefined as never })
      .thenThrows(refused('invalid', { steps: ['steps is a required field'], repeat: ['repeat is a required field'] }));
  });

  it('accepts the bounds: 1 and 1440 minutes, repeat 0 and 9, a reminder of 1440', () => {
    const bounds = [
      { timeoutMinutes: 1, targets: [{ type: 'user' as const, id: 'u1' }] },
      { timeoutMinutes: 1440, targets: [{ type: 'user' as const, id: 'u1' }] },
    ];
    policy
      .given([])
      .when({ ...create, steps: bounds, repeat: 9, ackReminderMinutes: 1440 })
      .then([{ ...created, data: { ...created.data, steps: bounds, repeat: 9, ackReminderMinutes: 1440 } }]);
  });

  it('treats a user or team outside the organization as not found, naming the target', () => {
    policy
      .given([])
      .when({ ...create, knownTargets: ['user:u1', 'team:t1'] })
      .thenThrows(
        refused('not_found', { 'steps[1].targets[1].id': ['steps[1].targets[1]: no such user in this organization'] }),
      );
  });

  it('changes only the given fields, keeps targets it already had, and records nothing when nothing changes', () => {
    policy
      .given([created])
      .when(change({ repeat: 0, ackReminderMinutes: 30 }))
      .then([
        {
          type: 'EscalationPolicyChanged',
          data: { policyId: 'p1', teamId: 't1', name: 'Primary', steps, repeat: 0, ackReminderMinutes: 30 },
        },
      ]);
    policy
      .given([created])
      .when(change({ name: 'Primary ' }))
      .thenNothingHappened();
    policy
      .given([created])
      .when(change({ steps: [{ timeoutMinutes: 5, targets: [{ type: 'user', id: 'stranger' }] }] }))
      .thenThrows(code('not_found'));
  });

  it('refuses a reminder outside 5 minutes to a day, but keeps an older shorter one a change leaves out', () => {
    for (const ackReminderMinutes of [4, 1441, 7.5]) {
      policy
        .given([])
        .when({ ...create, ackReminderMinutes })
        .thenThrows(
          refused('invalid', {
            ack_reminder: [
              'ack_reminder must be an ISO-8601 duration in whole minutes from PT5M to PT24H, or null for no reminder',
            ],
          }),
        );
    }
    // recorded when 1 minute was the minimum: a rename keeps it, a change naming it must meet today's bounds
    const older = { ...created, data: { ...created.data, ackReminderMinutes: 2 } };
    policy
      .given([older])
      .when(change({ name: 'Renamed' }))
      .then([
        {
          type: 'EscalationPolicyChanged',
          data: { policyId: 'p1', teamId: 't1', name: 'Renamed', steps, repeat: 2, ackReminderMinutes: 2 },
        },
      ]);
    policy
      .given([older])
      .when(change({ ackReminderMinutes: 3 }))
      .thenThrows(code('invalid'));
  });

  it('refuses null for a field a policy must have, rather than keeping the old value', () => {
    policy
      .given([created])
      .when(change({ name: null as never, steps: null as never, repeat: null as never }))
      .thenThrows(
        refused('invalid', {
          name: ['name is a required field'],
          steps: ['steps is a required field'],
          repeat: ['repeat is a required field'],
        }),
      );
  });

  it('treats another organization, another team, an unknown and a deleted policy as not found', () => {
    const deleted: EscalationPolicyEvent = { type: 'EscalationPolicyDeleted', data: { policyId: 'p1', teamId: 't1' } };
    const rename = change({ name: 'x' });
    policy
      .given([created])
      .when({ ...rename, orgId: 'o2' })
      .thenThrows(code('not_found'));
    policy
      .given([created])
      .when({ ...rename, teamId: 't2' })
      .thenThrows(code('not_found'));
    policy.given([]).when(rename).thenThrows(code('not_found'));
    policy.given([created, deleted]).when(rename).thenThrows(code('not_found'));
    policy.given([created, deleted]).when(create).thenThrows(code('conflict'));
  });

  it('deletes a policy nothing routes to, and refuses while a rule or a source does, naming them', () => {
    const remove: EscalationPolicyCommand = {
      type: 'DeleteEscalationPolicy',
      policyId: 'p1',
      orgId: 'o1',
      teamId: 't1',
      usedBy: [],
    };
    policy
      .given([created])
      .when(remove)
      .then([{ type: 'EscalationPolicyDeleted', data: { policyId: 'p1', teamId: 't1' } }]);
    policy
      .given([created])
      .when({ ...remove, usedBy: ['alert rule "Database"', 'event source "Prometheus"'] })
      .thenThrows((error) => {
        expect((error as DomainError).code).toBe('conflict');
        expect((error as DomainError).message).toBe(
          'The escalation policy is used by alert rule "Database", event source "Prometheus": route them elsewhere first',
        );
      });
  });
});
