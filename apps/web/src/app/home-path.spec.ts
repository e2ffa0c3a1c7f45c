import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { DEFAULT_FEATURE_FLAGS, permissionsOf, type FeatureFlag, type Role } from '@tocsin/domain';
import { appHomePath, homePath } from './home-path';

type Me = MeResponse['data'];

function me(role: Role, onboardingComplete: boolean, flags: Partial<Record<FeatureFlag, boolean>> = {}): Me {
  return {
    user: {
      id: 'u1',
      name: 'N',
      email: 'n@example.com',
      role,
      owner: role === 'owner',
      ssoEnabled: false,
      isAdminUser: false,
      isStaffSession: false,
      defaultOrganization: null,
      featureFlagIdentity: { account_created_at: '2025-01-01' },
      avatarUrl: '',
    },
    organization: { id: 'org-1', name: 'Org', icalUrl: '', account: { id: 'a1', name: 'Acc', tier: 'free' } },
    organizations: [],
    permissions: permissionsOf(role),
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, signals: true, ...flags },
    metadata: { onboarding_complete: onboardingComplete },
  };
}

describe('homePath', () => {
  it("lands the owner on the organization's onboarding checklist until onboarding is complete", () => {
    expect(homePath(me('owner', false))).toBe('/org/org-1/onboarding/signals');
    expect(homePath(me('owner', false, { reflow: true }))).toBe('/org/org-1/onboarding/setup');
    expect(homePath(me('owner', true))).toBe('/signals/alerts');
  });

  it('lands everyone who cannot open onboarding on the app, whatever its state', () => {
    for (const role of ['member', 'collaborator', 'viewer'] as const)
      expect(homePath(me(role, false))).toBe('/signals/alerts');
  });

  it('uses the Home overview as the app page when signals is off', () => {
    expect(appHomePath(me('member', true, { signals: false }))).toBe('/overview');
    expect(homePath(me('viewer', false, { signals: false }))).toBe('/overview');
  });
});
