import { describe, expect, it } from '@jest/globals';
import { quotaEntitlement } from '@tocsin/domain';
import { isQuotaReached, quotaReachedMessage } from './quota';

describe('quota', () => {
  it('stops an add only when the answer says the quota is used up', () => {
    expect(isQuotaReached(quotaEntitlement('free', 'runbooks', 5))).toBe(true);
    expect(isQuotaReached(quotaEntitlement('free', 'runbooks', 4))).toBe(false);
    expect(isQuotaReached(quotaEntitlement('enterprise', 'runbooks', 10_000))).toBe(false);
  });

  it('lets the add go ahead without an answer (still loading, or the call failed)', () => {
    expect(isQuotaReached(undefined)).toBe(false);
  });

  it("words the limit with the tier's maximum", () => {
    expect(quotaReachedMessage(quotaEntitlement('free', 'runbooks', 5))).toBe(
      "Oh no! You've reached the limit! You can only create 5 runbooks on a free plan. Reach out to the owner of the account to upgrade your plan.",
    );
    expect(quotaReachedMessage(quotaEntitlement('essentials', 'service_limit', 50))).toContain(
      'You can only create 50 services on a essentials plan.',
    );
  });
});
