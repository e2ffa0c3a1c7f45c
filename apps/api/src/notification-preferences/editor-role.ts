import { DomainError, LACKS_PERMISSIONS_TOOLTIP, type AccountRole } from '@tocsin/domain';
import type { RequestContext } from '../shared/request-context';

/**
 * SPEC.md section 6: "The notification form requires member or owner". It is a role rule, not one of
 * the spec's permission slugs (none is about one's own preferences), so it is checked here, with the
 * wording the disabled controls use.
 */
export const PREFERENCE_EDITORS: readonly AccountRole[] = ['member', 'owner'];

export function assertCanEditPreferences(context: RequestContext): void {
  if (!context.role || !PREFERENCE_EDITORS.includes(context.role)) throw new DomainError(LACKS_PERMISSIONS_TOOLTIP, 'forbidden');
}
