import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { DEFAULT_FEATURE_FLAGS } from '@tocsin/domain';
import { onboardingPaths, onboardingStart } from './onboarding-paths';

const me = (reflow: boolean) =>
  ({
    organization: { id: 'org 1' },
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, reflow },
  }) as unknown as MeResponse['data'];

describe('onboarding paths', () => {
  it('live under the organization, its id encoded', () => {
    expect(onboardingPaths('org-demo')).toEqual({
      signals: '/org/org-demo/onboarding/signals',
      alert: '/org/org-demo/onboarding/signals/alert',
      setup: '/org/org-demo/onboarding/setup',
    });
    expect(onboardingPaths('org 1').signals).toBe('/org/org%201/onboarding/signals');
  });

  it('start at set-up under the reflow flag, else at the signals checklist', () => {
    expect(onboardingStart(me(true))).toBe('/org/org%201/onboarding/setup');
    expect(onboardingStart(me(false))).toBe('/org/org%201/onboarding/signals');
  });
});
