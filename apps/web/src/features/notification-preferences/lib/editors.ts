import type { MeResponse } from '@tocsin/contracts';
import { checkRole, type Role } from '@tocsin/domain';

/** SPEC.md section 6: "The notification form requires member or owner"; others read it. */
const EDITORS: readonly Role[] = ['member', 'owner'];

export const canEditPreferences = (me: MeResponse['data']) =>
  checkRole({ loading: false, role: me.user.role, allowedRoles: EDITORS, flags: me.featureFlags }) === 'granted';
