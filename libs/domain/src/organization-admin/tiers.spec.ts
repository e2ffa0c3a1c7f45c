import { QUOTAS, TIERS, quotaEntitlement, quotaModalText, type QuotaName, type Tier } from './tiers';

describe('quotaEntitlement', () => {
  it.each<[Tier, QuotaName, number, string, number | null, boolean]>([
    ['free', 'runbooks', 0, 'runbooks', 5, true],
    ['free', 'runbooks', 4, 'runbooks', 5, true],
    ['free', 'runbooks', 5, 'runbooks', 5, false],
    ['free', 'runbooks', 6, 'runbooks', 5, false],
    ['free', 'service_limit', 9, 'services', 10, true],
    ['free', 'service_limit', 10, 'services', 10, false],
    ['essentials', 'runbooks', 24, 'runbooks', 25, true],
    ['essentials', 'runbooks', 25, 'runbooks', 25, false],
    ['essentials', 'service_limit', 50, 'services', 50, false],
    ['enterprise', 'runbooks', 100000, 'runbooks', null, true],
    ['enterprise', 'service_limit', 100000, 'services', null, true],
  ])('%s %s with %i used', (tier, slug, used, name, maximum, available) => {
    expect(quotaEntitlement(tier, slug, used)).toEqual({ name, slug, tier, maximum, available });
  });

  it("counts against an operator's limit for the organization instead of the tier's", () => {
    expect(quotaEntitlement('free', 'runbooks', 0, 0)).toEqual({
      name: 'runbooks',
      slug: 'runbooks',
      tier: 'free',
      maximum: 0,
      available: false,
    });
    expect(quotaEntitlement('enterprise', 'runbooks', 2, 3)).toMatchObject({ maximum: 3, available: true });
    expect(quotaEntitlement('free', 'runbooks', 4, null)).toMatchObject({ maximum: 5, available: true });
  });

  it.each(TIERS)('gives the %s tier at least what the free tier has', (tier) => {
    for (const [name, free] of Object.entries(QUOTAS.free)) {
      const maximum = QUOTAS[tier][name as QuotaName];
      expect(maximum === null || (free !== null && maximum >= free)).toBe(true);
    }
  });
});

describe('quotaModalText', () => {
  it.each<[number, string, Tier, string]>([
    [
      5,
      'runbooks',
      'free',
      "Oh no! You've reached the limit! You can only create 5 runbooks on a free plan. Reach out to the owner of the account to upgrade your plan.",
    ],
    [
      50,
      'services',
      'essentials',
      "Oh no! You've reached the limit! You can only create 50 services on a essentials plan. Reach out to the owner of the account to upgrade your plan.",
    ],
  ])('says %i %s on %s', (n, name, tier, text) => {
    expect(quotaModalText(n, name, tier)).toBe(text);
  });

  it('reads the numbers from an exhausted entitlement', () => {
    const { maximum, name, tier } = quotaEntitlement('free', 'service_limit', 10);
    expect(quotaModalText(maximum ?? 0, name, tier)).toContain('You can only create 10 services on a free plan.');
  });
});
