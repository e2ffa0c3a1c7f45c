import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { TeamCommand } from './commands';
import { decideTeam } from './decide';
import type { TeamEvent } from './events';
import { evolveTeam, initialTeam, type TeamState } from './state';

const team = deciderSpec<TeamState, TeamCommand, TeamEvent>({
  initial: initialTeam,
  evolve: evolveTeam,
  decide: decideTeam,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const fields = (expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe('invalid');
  expect((error as DomainError).fields).toEqual(expected);
};

const created: TeamEvent = {
  type: 'TeamCreated',
  data: { teamId: 't1', orgId: 'o1', name: 'Payments', restrict_signals_resource_management: false },
};
const deleted: TeamEvent = { type: 'TeamDeleted', data: { teamId: 't1' } };

describe('team decider: the team itself', () => {
  it('creates a team with a trimmed name', () => {
    team
      .given([])
      .when({
        type: 'CreateTeam',
        teamId: 't1',
        orgId: 'o1',
        name: '  Payments ',
        restrict_signals_resource_management: false,
      })
      .then([created]);
  });

  it('refuses a missing, blank or too long name and a restriction that is not a boolean, naming each field', () => {
    team
      .given([])
      .when({ type: 'CreateTeam', teamId: 't1', orgId: 'o1', name: '   ', restrict_signals_resource_management: false })
      .thenThrows(fields({ name: ['name is a required field'] }));
    team
      .given([])
      .when({
        type: 'CreateTeam',
        teamId: 't1',
        orgId: 'o1',
        name: undefined as never,
        restrict_signals_resource_management: 'yes' as never,
      })
      .thenThrows(
        fields({
          name: ['name is a required field'],
          restrict_signals_resource_management: ['restrict_signals_resource_management must be true or false'],
        }),
      );
    team
      .given([])
      .when({
        type: 'CreateTeam',
        teamId: 't1',
        orgId: 'o1',
        name: 'x'.repeat(101),
        restrict_signals_resource_management: true,
      })
      .thenThrows(fields({ name: ['name must be at most 100 characters'] }));
  });

  it('accepts a name of exactly 100 characters', () => {
    const name = 'x'.repeat(100);
    team
      .given([])
      .when({ type: 'CreateTeam', teamId: 't1', orgId: 'o1', name, restrict_signals_resource_management: true })
      .then([
        { type: 'TeamCreated', data: { teamId: 't1', orgId: 'o1', name, restrict_signals_resource_management: true } },
      ]);
  });

  it('refuses to create a team twice, and never reuses a deleted team id', () => {
    const again: TeamCommand = {
      type: 'CreateTeam',
      teamId: 't1',
      orgId: 'o1',
      name: 'Other',
      restrict_signals_resource_management: false,
    };
    team.given([created]).when(again).thenThrows(code('conflict'));
    team.given([created, deleted]).when(again).thenThrows(code('conflict'));
  });

  it('changes only the given fields', () => {
    team
      .given([created])
      .when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1', restrict_signals_resource_management: true })
      .then([
        { type: 'TeamChanged', data: { teamId: 't1', name: 'Payments', restrict_signals_resource_management: true } },
      ]);
    team
      .given([created])
      .when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1', name: 'Billing' })
      .then([
        { type: 'TeamChanged', data: { teamId: 't1', name: 'Billing', restrict_signals_resource_management: false } },
      ]);
  });

  it('records nothing when a change changes nothing', () => {
    team
      .given([created])
      .when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1', name: ' Payments' })
      .thenNothingHappened();
    team.given([created]).when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1' }).thenNothingHappened();
  });

  it('refuses a change to a blank name', () => {
    team
      .given([created])
      .when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1', name: '' })
      .thenThrows(fields({ name: ['name is a required field'] }));
  });

  it('deletes a team, after which it is not found', () => {
    team.given([created]).when({ type: 'DeleteTeam', teamId: 't1', orgId: 'o1' }).then([deleted]);
    team
      .given([created, deleted])
      .when({ type: 'DeleteTeam', teamId: 't1', orgId: 'o1' })
      .thenThrows(code('not_found'));
    team
      .given([created, deleted])
      .when({ type: 'ChangeTeam', teamId: 't1', orgId: 'o1', name: 'Back' })
      .thenThrows(code('not_found'));
  });

  it('refuses to delete a team event sources default to, naming them', () => {
    team
      .given([created])
      .when({ type: 'DeleteTeam', teamId: 't1', orgId: 'o1', usedBy: ['event source "Grafana"'] })
      .thenThrows(code('conflict'));
    team.given([created]).when({ type: 'DeleteTeam', teamId: 't1', orgId: 'o1', usedBy: [] }).then([deleted]);
  });

  it('treats an unknown team and a team of another organization as not found', () => {
    const commands: TeamCommand[] = [
      { type: 'ChangeTeam', teamId: 't1', orgId: 'o2', name: 'Mine now' },
      { type: 'DeleteTeam', teamId: 't1', orgId: 'o2' },
      { type: 'AddTeamMember', teamId: 't1', orgId: 'o2', userId: 'u1', permissions: [], isOrganizationMember: true },
      { type: 'ChangeTeamMemberPermissions', teamId: 't1', orgId: 'o2', userId: 'u1', permissions: [] },
      { type: 'RemoveTeamMember', teamId: 't1', orgId: 'o2', userId: 'u1' },
    ];
    for (const command of commands) {
      team.given([created]).when(command).thenThrows(code('not_found'));
      team
        .given([])
        .when({ ...command, orgId: 'o1' })
        .thenThrows(code('not_found'));
    }
  });
});
