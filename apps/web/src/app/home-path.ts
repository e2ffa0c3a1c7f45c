import type { Me } from '@/features/auth/api/get-me';

/** Where a signed-in user lands: alerts when signals is on, else the Home overview (SPEC.md section 2). */
export const homePath = (me: Me): string => (me.featureFlags.signals ? '/signals/alerts' : '/overview');
