import type { MeResponse } from '@tocsin/contracts';
import { FEATURE_FLAGS, type FeatureFlag } from '@tocsin/domain';

type Me = MeResponse['data'];

export interface ToolbarAudience {
  /** A production build (import.meta.env.PROD). */
  production: boolean;
  isAdminUser: boolean;
  isStaffSession: boolean;
  smallScreen: boolean;
}

/**
 * SPEC.md section 2: the developer toolbar is hidden in production unless the user is an admin or in a staff
 * session, and hidden on small screens whoever the user is (there is no room for it beside the page).
 */
export function isDeveloperToolbarShown({
  production,
  isAdminUser,
  isStaffSession,
  smallScreen,
}: ToolbarAudience): boolean {
  if (smallScreen) return false;
  return !production || isAdminUser || isStaffSession;
}

export interface ToolbarFacts {
  revision: string;
  organizationId: string;
  role: string;
  flags: Array<{ flag: FeatureFlag; on: boolean }>;
}

/** What the toolbar tells: which build is running, in which organization, as whom, with which flags. */
export function developerToolbarFacts(me: Me, revision: string | undefined): ToolbarFacts {
  return {
    revision: revision ? revision.slice(0, 12) : 'unknown',
    organizationId: me.organization.id,
    role: me.user.isStaffSession ? `${me.user.role} (staff session)` : me.user.role,
    flags: FEATURE_FLAGS.map((flag) => ({ flag, on: me.featureFlags[flag] === true })),
  };
}
