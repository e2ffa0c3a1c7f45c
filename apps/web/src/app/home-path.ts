import type { Me } from '@/lib/get-me';
import { onboardingStart } from '../features/onboarding/lib/onboarding-paths';
import { canOpen } from './shell/nav-access';
import { NAVIGATION } from './shell/navigation';

/** The app's own first page: alerts when signals is on, else the Home overview (SPEC.md section 2). */
export const appHomePath = (me: Me): string => (me.featureFlags.signals ? '/signals/alerts' : '/overview');

/** The Get Started entry: who may open the organization's onboarding (owners and staff sessions). */
const ONBOARDING_ENTRY = NAVIGATION.flatMap((group) => group.items).find((item) => item.whileOnboarding);

/**
 * Where a signed-in user lands (after sign-up, sign-in, or at `/`): the onboarding checklist while the
 * organization's onboarding is not complete and they are the one to do it, then the app's first page.
 */
export function homePath(me: Me): string {
  const onboarding = !me.metadata.onboarding_complete && !!ONBOARDING_ENTRY && canOpen(ONBOARDING_ENTRY, me);
  return onboarding ? onboardingStart(me) : appHomePath(me);
}
