import type { MeResponse } from '@tocsin/contracts';
import type { Role } from '@tocsin/domain';

/**
 * SPEC.md section 6: "The notification form requires member or owner"; others read it. The API holds
 * this role rule whatever rbacCandidateControl says, so the page does too rather than offer edits it refuses.
 */
const EDITORS: readonly Role[] = ['member', 'owner'];

export const canEditPreferences = (me: MeResponse['data']) => EDITORS.includes(me.user.role);
