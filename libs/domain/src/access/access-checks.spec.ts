import {
  accessScope,
  checkAccess,
  checkOrganizationPermission,
  checkRole,
  checkTeamPermission,
  teamMembershipPermissions,
  type AccessCheck,
  type RoleCheck,
  type TeamPermissionCheck,
} from './access-checks';

describe('checkRole', () => {
  const base: RoleCheck = { loading: false, role: 'viewer', allowedRoles: ['member', 'owner'], flags: {} };
  it.each<[string, Partial<RoleCheck>, string]>([
    ['waits while loading, even when the role would pass', { loading: true, role: 'owner' }, 'pending'],
    [
      'waits while loading, even with rbacCandidateControl on',
      { loading: true, flags: { rbacCandidateControl: true } },
      'pending',
    ],
    ['passes a role in the allowed list', { role: 'member' }, 'granted'],
    ['refuses a role outside the allowed list', {}, 'denied'],
    [
      'refuses a role outside the list when rbacCandidateControl is off',
      { flags: { rbacCandidateControl: false } },
      'denied',
    ],
    ['refuses a user without a role', { role: null }, 'denied'],
    ['passes any role when rbacCandidateControl is on', { flags: { rbacCandidateControl: true } }, 'granted'],
    [
      'passes a user without a role when rbacCandidateControl is on',
      { role: undefined, flags: { rbacCandidateControl: true } },
      'granted',
    ],
    ['refuses everyone when no role is allowed', { role: 'owner', allowedRoles: [] }, 'denied'],
  ])('%s', (_case, change, decision) => {
    expect(checkRole({ ...base, ...change })).toBe(decision);
  });
});

describe('checkOrganizationPermission', () => {
  it.each([
    [
      'grants everything when permissions are not enforced, even while loading',
      { loading: true, rbacEnforced: false },
      'granted',
    ],
    ['grants when nothing is required', { required: undefined }, 'granted'],
    ['grants when nothing is required, even while loading', { required: null, loading: true }, 'granted'],
    ['waits while loading', { loading: true }, 'pending'],
    ['grants a held permission', { permissions: ['read_alerts', 'read_teams'] as const }, 'granted'],
    ['denies a permission not held', { permissions: ['read_alerts'] as const }, 'denied'],
    ['denies when no permissions loaded', {}, 'denied'],
  ])('%s', (_case, change, decision) => {
    expect(
      checkOrganizationPermission({
        loading: false,
        rbacEnforced: true,
        required: 'read_teams',
        permissions: [],
        ...change,
      }),
    ).toBe(decision);
  });
});

describe('checkTeamPermission', () => {
  const base: TeamPermissionCheck = {
    loading: false,
    rbacEnforced: true,
    required: 'manage_alert_rules',
    team: { restrict_signals_resource_management: true },
    membershipPermissions: [],
    isOrganizationOwner: false,
    signalsResource: false,
    fallbackFlag: false,
  };
  const unrestricted = { team: { restrict_signals_resource_management: false } };
  it.each<[string, Partial<TeamPermissionCheck>, string]>([
    [
      'grants by default when permissions are not enforced, even while loading',
      { rbacEnforced: false, loading: true },
      'granted',
    ],
    ['grants when nothing is required', { required: null }, 'granted'],
    ['waits while loading', { loading: true }, 'pending'],
    ['grants what the membership holds', { membershipPermissions: ['manage_alert_rules'] }, 'granted'],
    ['denies what the membership lacks', { membershipPermissions: ['manage_teams'] }, 'denied'],
    ['does not let the organization owner past the team for other resources', { isOrganizationOwner: true }, 'denied'],
    ['ignores the fallback for other resources', { ...unrestricted, fallbackFlag: true }, 'denied'],
    [
      'signals: grants on an unrestricted team with the fallback flag',
      { signalsResource: true, ...unrestricted, fallbackFlag: true },
      'granted',
    ],
    [
      'signals: an unrestricted team without the fallback flag asks the membership',
      { signalsResource: true, ...unrestricted },
      'denied',
    ],
    [
      'signals: the fallback flag does not open a restricted team',
      { signalsResource: true, fallbackFlag: true },
      'denied',
    ],
    [
      'signals: grants the organization owner on a restricted team',
      { signalsResource: true, isOrganizationOwner: true },
      'granted',
    ],
    [
      'signals: grants the organization owner on an open team without the fallback flag',
      { signalsResource: true, ...unrestricted, isOrganizationOwner: true },
      'granted',
    ],
    [
      'signals: grants what the membership holds on a restricted team',
      { signalsResource: true, membershipPermissions: ['manage_alert_rules'] },
      'granted',
    ],
    [
      'signals: denies what the membership lacks on a restricted team',
      { signalsResource: true, membershipPermissions: ['read_teams'] },
      'denied',
    ],
  ])('%s', (_case, change, decision) => {
    expect(checkTeamPermission({ ...base, ...change })).toBe(decision);
  });
});

describe('accessScope', () => {
  const restricted = { restrict_signals_resource_management: true };
  const unrestricted = { restrict_signals_resource_management: false };
  it.each([
    [
      'no team: the organization, whatever else is asked',
      { team: null, allowEither: true, signalsResource: true },
      'organization',
    ],
    ['a team with allowEither: either', { team: restricted, allowEither: true, signalsResource: true }, 'either'],
    ['signals resources of a restricting team: the team', { team: restricted, signalsResource: true }, 'team'],
    [
      'signals resources of a team that does not restrict: the organization',
      { team: unrestricted, signalsResource: true },
      'organization',
    ],
    ['other resources of a team: the team', { team: unrestricted }, 'team'],
  ])('%s', (_case, input, scope) => {
    expect(accessScope(input)).toBe(scope);
  });
});

describe('checkAccess', () => {
  const restricted = { restrict_signals_resource_management: true };
  const unrestricted = { restrict_signals_resource_management: false };
  const base: AccessCheck = {
    loading: false,
    rbacEnforced: true,
    required: 'manage_alert_rules',
    permissions: [],
    membershipPermissions: [],
  };
  const org = { permissions: ['manage_alert_rules'] as const };
  const inTeam = { membershipPermissions: ['manage_alert_rules'] as const };
  it.each<[string, Partial<AccessCheck>, string]>([
    ['grants everything when permissions are not enforced', { rbacEnforced: false, team: restricted }, 'granted'],
    ['no team: grants the organization permission', { ...org }, 'granted'],
    ['no team: the team membership does not count', { ...inTeam }, 'denied'],
    ['no team: waits while loading', { loading: true }, 'pending'],
    ['either: the organization permission suffices', { team: restricted, allowEither: true, ...org }, 'granted'],
    ['either: the team permission suffices', { team: restricted, allowEither: true, ...inTeam }, 'granted'],
    ['either: denies with neither', { team: restricted, allowEither: true }, 'denied'],
    ['either: waits while loading', { team: restricted, allowEither: true, loading: true }, 'pending'],
    [
      'signals on a restricting team: the team permission decides',
      { team: restricted, signalsResource: true, ...inTeam },
      'granted',
    ],
    [
      'signals on a restricting team: the organization permission does not count',
      { team: restricted, signalsResource: true, ...org },
      'denied',
    ],
    [
      'signals on a restricting team: the organization owner passes',
      { team: restricted, signalsResource: true, isOrganizationOwner: true },
      'granted',
    ],
    [
      'signals on an open team: the organization permission decides',
      { team: unrestricted, signalsResource: true, ...org },
      'granted',
    ],
    [
      'signals on an open team: the team membership does not count',
      { team: unrestricted, signalsResource: true, ...inTeam },
      'denied',
    ],
    ['other resources of a team: the team permission decides', { team: unrestricted, ...inTeam }, 'granted'],
    ['other resources of a team: the organization permission does not count', { team: unrestricted, ...org }, 'denied'],
    ['other resources of a team: waits while loading', { team: unrestricted, loading: true }, 'pending'],
    [
      'the team is asked for its own slug when it differs',
      { team: restricted, teamRequired: 'manage_teams', membershipPermissions: ['manage_teams'] },
      'granted',
    ],
    [
      'the team is not asked for the organization slug when its own differs',
      { team: restricted, teamRequired: 'manage_teams', ...inTeam },
      'denied',
    ],
  ])('%s', (_case, change, decision) => {
    expect(checkAccess({ ...base, ...change })).toBe(decision);
  });
});

describe('teamMembershipPermissions', () => {
  const team = {
    memberships: [
      { user: { id: 'u1' }, permissions: ['manage_alert_rules' as const] },
      { user: { id: 'u2' }, permissions: [] },
    ],
  };
  it.each([
    ['a member', 'u1', ['manage_alert_rules']],
    ['a member without permissions', 'u2', []],
    ['someone who is not a member', 'u3', []],
  ])('gives the permissions of %s', (_case, userId, permissions) => {
    expect(teamMembershipPermissions(team, userId)).toEqual(permissions);
  });

  it('hands out a copy', () => {
    teamMembershipPermissions(team, 'u1').push('manage_teams');
    expect(team.memberships[0].permissions).toEqual(['manage_alert_rules']);
  });
});
