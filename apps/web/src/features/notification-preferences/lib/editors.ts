import type { MeResponse } from '@tocsin/contracts';
import { isCoveredByPolicy } from '@tocsin/domain';

/**
 * SPEC.md section 6: "The notification form requires member or owner"; others read it. The API holds
 * this role rule whatever rbacCandidateControl says, so the page does too rather than offer edits it refuses.
 * They are the roles the policy covers (libs/domain coverage.ts), so only they are told they miss it.
 */
export const canEditPreferences = (me: MeResponse['data']) => isCoveredByPolicy(me.user.role);
