import { quotaModalText } from '@tocsin/domain';
import type { QuotaEntitlement } from '../api/get-quota-entitlement';

/**
 * SPEC.md section 4, "Quota": only an answer saying the quota is used up stops an add. No answer yet, or a
 * failed one, lets the add go ahead: the server refuses a create over quota anyway.
 */
export const isQuotaReached = (entitlement: QuotaEntitlement | undefined): boolean => entitlement?.available === false;

/** SPEC.md section 8, the limit modal's text for this answer. */
export const quotaReachedMessage = (entitlement: QuotaEntitlement): string =>
  quotaModalText(entitlement.maximum ?? 0, entitlement.name, entitlement.tier);
