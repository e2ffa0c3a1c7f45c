import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { type FeatureFlag, type Role } from '@tocsin/domain';
import { appHomePath, homePath } from './home-path';
import { meFixture } from '../lib/me-fixture';

type Me = MeResponse['data'];

function me(role: Role, onboardingComplete: boolean, flags: Partial<Record<FeatureFlag, boolean>> = {}): Me {
  const fixture = meFixture(role, { onboardingComplete, flags: { signals: true, ...flags } });
  return { ...fixture, organization: { ...fixture.organization, id: 'org-1' } };
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
