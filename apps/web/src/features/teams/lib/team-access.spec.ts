import { describe, expect, it } from '@jest/globals';
import type { MeResponse, Team } from '@tocsin/contracts';
import { permissionsOf, type Permission, type Role } from '@tocsin/domain';
import { teamActionAccess } from './team-access';
import { meFixture } from '../../../lib/me-fixture';

type Me = MeResponse['data'];

function me(role: Role, rbacCandidateControl: boolean, permissions: Permission[] = permissionsOf(role)): Me {
  return meFixture(role, { flags: { rbacCandidateControl }, permissions });
}

const team = (memberPermissions?: Permission[]): Team => ({
  id: 't1',
  name: 'Payments',
  restrict_signals_resource_management: false,
  memberships: memberPermissions ? [{ user: { id: 'u1' }, permissions: memberPermissions }] : [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const ORGANIZATION_TOOLTIP =
  "The permission 'Manage teams' is required to perform this action on the organization. Contact your organization administrator for support.";
const EITHER_TOOLTIP =
  "The permission 'Manage teams' is required to perform this action on the organization, or 'Manage teams' on the team Payments. Contact your organization administrator for support.";

describe('teamActionAccess', () => {
  it('without rbacCandidateControl, the organization permission decides and the tooltip names the organization', () => {
    expect(teamActionAccess(me('member', false), 'manage_teams', team())).toEqual({
      allowed: true,
      tooltip: ORGANIZATION_TOOLTIP,
    });
    expect(teamActionAccess(me('viewer', false), 'manage_teams', team(['manage_teams']))).toEqual({
      allowed: false,
      tooltip: ORGANIZATION_TOOLTIP,
    });
  });

  it('with rbacCandidateControl, the permission in the team membership is enough', () => {
    expect(teamActionAccess(me('viewer', true), 'manage_teams', team(['manage_teams'])).allowed).toBe(true);
    expect(teamActionAccess(me('viewer', true), 'manage_teams', team(['manage_alert_rules']))).toEqual({
      allowed: false,
      tooltip: EITHER_TOOLTIP,
    });
    expect(teamActionAccess(me('viewer', true), 'manage_teams', team())).toEqual({
      allowed: false,
      tooltip: EITHER_TOOLTIP,
    });
  });

  it('with rbacCandidateControl, the organization permission is enough too', () => {
    expect(teamActionAccess(me('viewer', true, ['read_teams', 'manage_teams']), 'manage_teams', team()).allowed).toBe(
      true,
    );
  });

  it('without a team (creating one), only the organization counts', () => {
    expect(teamActionAccess(me('viewer', true), 'manage_teams')).toEqual({
      allowed: false,
      tooltip: ORGANIZATION_TOOLTIP,
    });
  });
});
