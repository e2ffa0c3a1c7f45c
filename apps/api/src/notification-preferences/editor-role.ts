import { DomainError, isCoveredByPolicy, LACKS_PERMISSIONS_TOOLTIP } from '@tocsin/domain';
import type { RequestContext } from '../shared/request-context';

/**
 * SPEC.md section 6: "The notification form requires member or owner". It is a role rule, not one of
 * the spec's permission slugs (none is about one's own preferences), so it is checked here, with the
 * wording the disabled controls use. The same roles are those the policy covers (libs/domain coverage.ts):
 * who can edit is who is judged, and who the organization-wide run updates.
 */
export function assertCanEditPreferences(context: RequestContext): void {
  if (!isCoveredByPolicy(context.role)) throw new DomainError(LACKS_PERMISSIONS_TOOLTIP, 'forbidden');
}
