import type { MeResponse } from '@tocsin/contracts';

/** SPEC.md section 2: the onboarding screens live under the organization they set up. */
export function onboardingPaths(orgId: string) {
  const base = `/org/${encodeURIComponent(orgId)}/onboarding`;
  return { signals: `${base}/signals`, alert: `${base}/signals/alert`, setup: `${base}/setup` };
}

/** Where onboarding starts: the set-up screen under the reflow flag, else the signals checklist. */
export const onboardingStart = (me: MeResponse['data']): string => {
  const paths = onboardingPaths(me.organization.id);
  return me.featureFlags.reflow === true ? paths.setup : paths.signals;
};

/** The preferences step returns here through this query (SPEC.md section 4: onboarding equals signals). */
export const PREFERENCES_STEP_PATH = '/account/organization_settings?onboarding=signals';
