import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { FEATURE_FLAGS } from '@tocsin/domain';
import { developerToolbarFacts, isDeveloperToolbarShown, type ToolbarAudience } from './developer-toolbar-rules';

const audience = (overrides: Partial<ToolbarAudience>): ToolbarAudience => ({
  production: true,
  isAdminUser: false,
  isStaffSession: false,
  smallScreen: false,
  ...overrides,
});

describe('isDeveloperToolbarShown', () => {
  it('hides it in production from ordinary users', () => {
    expect(isDeveloperToolbarShown(audience({}))).toBe(false);
  });

  it('shows it in production to admins and staff sessions', () => {
    expect(isDeveloperToolbarShown(audience({ isAdminUser: true }))).toBe(true);
    expect(isDeveloperToolbarShown(audience({ isStaffSession: true }))).toBe(true);
  });

  it('shows it to everyone outside production', () => {
    expect(isDeveloperToolbarShown(audience({ production: false }))).toBe(true);
  });

  it('hides it on small screens, even from admins and in development', () => {
    expect(isDeveloperToolbarShown(audience({ smallScreen: true, isAdminUser: true, isStaffSession: true }))).toBe(
      false,
    );
    expect(isDeveloperToolbarShown(audience({ smallScreen: true, production: false }))).toBe(false);
  });
});

describe('developerToolbarFacts', () => {
  const me = {
    user: { role: 'owner', isStaffSession: false },
    organization: { id: 'org-demo' },
    featureFlags: { signals: true, reflow: false },
  } as unknown as MeResponse['data'];

  it('names the revision, the organization, the role and every flag with its state', () => {
    const facts = developerToolbarFacts(me, '0123456789abcdef0123');
    expect(facts).toMatchObject({ revision: '0123456789ab', organizationId: 'org-demo', role: 'owner' });
    expect(facts.flags).toHaveLength(FEATURE_FLAGS.length);
    expect(facts.flags.find((entry) => entry.flag === 'signals')).toEqual({ flag: 'signals', on: true });
    expect(facts.flags.find((entry) => entry.flag === 'reflow')).toEqual({ flag: 'reflow', on: false });
    expect(facts.flags.find((entry) => entry.flag === 'sessionReplay')).toEqual({ flag: 'sessionReplay', on: false });
  });

  it('says when the revision is not known yet and when the session is a staff one', () => {
    const staff = { ...me, user: { role: 'viewer', isStaffSession: true } } as unknown as MeResponse['data'];
    expect(developerToolbarFacts(staff, undefined)).toMatchObject({
      revision: 'unknown',
      role: 'viewer (staff session)',
    });
  });
});
