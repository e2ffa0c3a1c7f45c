import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { permissionsOf, type Role } from '@tocsin/domain';
import { NAVIGATION } from '../shell/navigation';
import { holdsPermission, refusalPath, rolesFrom } from './refusal';

type Me = MeResponse['data'];
/** Only what the refusal reads: the role, its permissions and the flags. */
const meAs = (role: Role, featureFlags: Me['featureFlags'] = {}) =>
  ({ user: { role }, permissions: permissionsOf(role), featureFlags }) as unknown as Me;
const item = (to: string) => NAVIGATION.flatMap((group) => group.items).find((candidate) => candidate.to === to)!;

describe('refusalPath', () => {
  it('names the roles, not a permission the viewer holds, when on-call hours refuse a viewer', () => {
    const shiftHours = item('/analytics/shift_hours');
    expect(holdsPermission(meAs('viewer'), 'read_analytics')).toBe(true);
    expect(refusalPath(shiftHours, meAs('viewer'))).toBe(
      '/unauthorized/read_analytics?roles=collaborator,member,owner',
    );
  });

  it('keeps the SPEC redirect for a missing permission', () => {
    expect(
      refusalPath(
        { roles: ['viewer', 'collaborator', 'member', 'owner'], permission: 'manage_alert_rules' },
        meAs('viewer'),
      ),
    ).toBe('/unauthorized/manage_alert_rules');
  });

  it('says both when the role and the permission are missing', () => {
    const policy = item('/signals/notification_policy');
    expect(holdsPermission(meAs('member'), policy.permission!)).toBe(false);
    expect(refusalPath(policy, meAs('member'))).toBe(`/unauthorized/${policy.permission}?roles=owner`);
  });

  it('lets rbacCandidateControl step the role aside, and has nothing to name without a permission', () => {
    expect(
      refusalPath({ roles: ['owner'], permission: 'read_analytics' }, meAs('viewer', { rbacCandidateControl: true })),
    ).toBe('/unauthorized/read_analytics');
    expect(refusalPath({ roles: ['owner'] }, meAs('viewer'))).toBeNull();
  });

  it('reads ?roles= in role order, dropping unknown names', () => {
    expect(rolesFrom('owner,admin,member')).toEqual(['member', 'owner']);
    expect(rolesFrom(null)).toEqual([]);
  });
});
