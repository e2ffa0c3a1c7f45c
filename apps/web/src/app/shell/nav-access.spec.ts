import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { permissionsOf, type Role } from '@tocsin/domain';
import { canOpen, visibleNavigation } from './nav-access';
import { NAVIGATION } from './navigation';
import { meFixture, type MeFixtureOptions } from '../../lib/me-fixture';

type Me = MeResponse['data'];

function me(role: Role, options: MeFixtureOptions = {}): Me {
  return meFixture(role, options);
}

const paths = (user: Me) => visibleNavigation(NAVIGATION, user).flatMap((group) => group.items.map((item) => item.to));

describe('visibleNavigation', () => {
  it('shows the organization notification policy to owners only', () => {
    expect(paths(me('owner'))).toContain('/signals/notification_policy');
    for (const role of ['viewer', 'collaborator', 'member'] as const)
      expect(paths(me(role))).not.toContain('/signals/notification_policy');
  });

  it('keeps event sources from viewers and collaborators', () => {
    expect(paths(me('viewer'))).not.toContain('/signals/sources');
    expect(paths(me('collaborator'))).not.toContain('/signals/sources');
    expect(paths(me('member'))).toContain('/signals/sources');
  });

  it('drops a flagged group and its items when the flag is off, and shows what the flag replaced', () => {
    const off = paths(me('owner', { flags: { signals: false } }));
    expect(off.some((path) => path.startsWith('/signals/'))).toBe(false);
    expect(off).not.toContain('/analytics/shift_hours');
    expect(off).toContain('/overview');
    expect(paths(me('owner'))).not.toContain('/overview');
  });

  it('offers enterprise items only on the enterprise tier', () => {
    expect(paths(me('owner', { tier: 'free' }))).not.toContain('/analytics/incidents_impacts');
    expect(paths(me('owner', { tier: 'enterprise' }))).toContain('/analytics/incidents_impacts');
  });

  it('hides the account area from staff sessions', () => {
    expect(paths(me('owner', { staff: true }))).not.toContain('/account/edit');
  });

  it('with rbacCandidateControl, the permission list decides instead of the role', () => {
    const viewer = me('viewer', {
      flags: { rbacCandidateControl: true },
      permissions: [...permissionsOf('viewer'), 'read_event_sources'],
    });
    expect(paths(viewer)).toContain('/signals/sources');
    const owner = me('owner', { flags: { rbacCandidateControl: true }, permissions: ['read_alerts'] });
    expect(paths(owner)).not.toContain('/signals/notification_policy');
    expect(paths(owner)).toContain('/signals/alerts');
  });

  it('never leaves an empty group', () => {
    for (const group of visibleNavigation(NAVIGATION, me('viewer'))) expect(group.items.length).toBeGreaterThan(0);
    expect(visibleNavigation(NAVIGATION, me('viewer')).map((group) => group.title)).not.toContain('Integrations');
  });
});

describe('the Get Started entry', () => {
  const onboarding = (user: Me, complete: boolean): Me => ({ ...user, metadata: { onboarding_complete: complete } });

  it('shows to owners (and staff, who act as owners) while onboarding is not complete', () => {
    expect(paths(onboarding(me('owner'), false))).toContain('/onboarding');
    expect(paths(onboarding(me('owner', { staff: true }), false))).toContain('/onboarding');
    expect(paths(onboarding(me('owner'), true))).not.toContain('/onboarding');
    for (const role of ['viewer', 'collaborator', 'member'] as const)
      expect(paths(onboarding(me(role), false))).not.toContain('/onboarding');
    // rbacCandidateControl lets every role past the role check: the permission still keeps it to owners
    expect(paths(onboarding(me('member', { flags: { rbacCandidateControl: true } }), false))).not.toContain(
      '/onboarding',
    );
  });
});

describe('canOpen', () => {
  it('denies a page to a role outside its list even though role mode grants every permission check', () => {
    expect(canOpen({ roles: ['owner'], permission: 'manage_organization_notification_policies' }, me('viewer'))).toBe(
      false,
    );
    expect(canOpen({ roles: ['owner'], permission: 'manage_organization_notification_policies' }, me('owner'))).toBe(
      true,
    );
  });
});

describe('incident settings', () => {
  it('are listed for roles holding read_incident_settings, not for viewers', () => {
    expect(paths(me('viewer'))).not.toContain('/settings/incident_types_and_settings');
    expect(paths(me('collaborator'))).toContain('/settings/incident_types_and_settings');
  });
});
