import type { MeResponse } from '@tocsin/contracts';
import {
  DEFAULT_FEATURE_FLAGS,
  permissionsOf,
  type FeatureFlag,
  type Permission,
  type Role,
  type Tier,
} from '@tocsin/domain';

type Me = MeResponse['data'];

export interface MeFixtureOptions {
  flags?: Partial<Record<FeatureFlag, boolean>>;
  /** The role's permissions when left out. */
  permissions?: Permission[];
  tier?: Tier;
  staff?: boolean;
  onboardingComplete?: boolean;
}

/** For unit specs: the signed-in user's /me answer, holding `role` in organization o1 with the default flags. */
export function meFixture(role: Role, options: MeFixtureOptions = {}): Me {
  return {
    user: {
      id: 'u1',
      name: 'N',
      email: 'n@example.com',
      role,
      owner: role === 'owner',
      ssoEnabled: false,
      isAdminUser: false,
      isStaffSession: options.staff ?? false,
      defaultOrganization: null,
      featureFlagIdentity: { account_created_at: '2025-01-01' },
      avatarUrl: '',
    },
    organization: {
      id: 'o1',
      name: 'Org',
      icalUrl: '',
      account: { id: 'a1', name: 'Acc', tier: options.tier ?? 'free' },
    },
    organizations: [],
    permissions: options.permissions ?? permissionsOf(role),
    featureFlags: { ...DEFAULT_FEATURE_FLAGS, ...options.flags },
    metadata: { onboarding_complete: options.onboardingComplete ?? true },
  };
}
