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

const added: TeamEvent = {
  type: 'TeamMemberAdded',
  data: { teamId: 't1', userId: 'u1', permissions: ['manage_alert_rules'] },
};

describe('team decider: memberships', () => {
  it('adds an organization member with team permissions, each once and in the table order', () => {
    team
      .given([created])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: ['manage_escalation_policies', 'manage_alert_rules', 'manage_alert_rules'],
        isOrganizationMember: true,
      })
      .then([
        {
          type: 'TeamMemberAdded',
          data: { teamId: 't1', userId: 'u1', permissions: ['manage_alert_rules', 'manage_escalation_policies'] },
        },
      ]);
  });

  it('adds a member with no permissions', () => {
    team
      .given([created])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: [],
        isOrganizationMember: true,
      })
      .then([{ type: 'TeamMemberAdded', data: { teamId: 't1', userId: 'u1', permissions: [] } }]);
  });

  it('refuses someone outside the organization', () => {
    team
      .given([created])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'stranger',
        permissions: [],
        isOrganizationMember: false,
      })
      .thenThrows(fields({ user_id: ['user_id must be a member of the organization'] }));
  });

  it('refuses unknown permission slugs and a permissions value that is not a list', () => {
    team
      .given([created])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: ['manage_alert_rules', 'fly', 'Read_teams'],
        isOrganizationMember: true,
      })
      .thenThrows(fields({ permissions: ['permissions must be permission slugs; unknown: fly, Read_teams'] }));
    team
      .given([created])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: 'read_teams' as never,
        isOrganizationMember: true,
      })
      .thenThrows(fields({ permissions: ['permissions must be a list of permission slugs'] }));
  });

  it('refuses to add a member twice', () => {
    team
      .given([created, added])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: [],
        isOrganizationMember: true,
      })
      .thenThrows(code('conflict'));
  });

  it("changes a member's permissions, and records nothing when the set is the same", () => {
    team
      .given([created, added])
      .when({
        type: 'ChangeTeamMemberPermissions',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: ['read_teams', 'manage_alert_rules'],
      })
      .then([
        {
          type: 'TeamMemberPermissionsChanged',
          data: { teamId: 't1', userId: 'u1', permissions: ['read_teams', 'manage_alert_rules'] },
        },
      ]);
    team
      .given([created, added])
      .when({
        type: 'ChangeTeamMemberPermissions',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: ['manage_alert_rules'],
      })
      .thenNothingHappened();
  });

  it('refuses unknown slugs when changing permissions', () => {
    team
      .given([created, added])
      .when({ type: 'ChangeTeamMemberPermissions', teamId: 't1', orgId: 'o1', userId: 'u1', permissions: ['admin'] })
      .thenThrows(fields({ permissions: ['permissions must be permission slugs; unknown: admin'] }));
  });

  it('removes a member; someone not in the team is not found', () => {
    const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'u1' } };
    team
      .given([created, added])
      .when({ type: 'RemoveTeamMember', teamId: 't1', orgId: 'o1', userId: 'u1' })
      .then([removed]);
    team
      .given([created, added, removed])
      .when({ type: 'RemoveTeamMember', teamId: 't1', orgId: 'o1', userId: 'u1' })
      .thenThrows(code('not_found'));
    team
      .given([created, added, removed])
      .when({ type: 'ChangeTeamMemberPermissions', teamId: 't1', orgId: 'o1', userId: 'u1', permissions: [] })
      .thenThrows(code('not_found'));
  });

  it('lets a removed member be added again', () => {
    const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'u1' } };
    team
      .given([created, added, removed])
      .when({
        type: 'AddTeamMember',
        teamId: 't1',
        orgId: 'o1',
        userId: 'u1',
        permissions: ['read_teams'],
        isOrganizationMember: true,
      })
      .then([{ type: 'TeamMemberAdded', data: { teamId: 't1', userId: 'u1', permissions: ['read_teams'] } }]);
  });
});
