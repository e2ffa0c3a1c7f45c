import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { OrganizationCommand } from './commands';
import { decideOrganization } from './decide';
import type { OrganizationEvent } from './events';
import { evolveOrganization, initialOrganization, type OrganizationState } from './state';

const org = deciderSpec<OrganizationState, OrganizationCommand, OrganizationEvent>({
  initial: initialOrganization,
  evolve: evolveOrganization,
  decide: decideOrganization,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { organizationId: 'o', name: 'Ops', tier: 'free' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u1', role: 'owner' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'viewer' } },
];

describe('organization decider: members, name and flags', () => {
  it('removes a member, but never the last owner', () => {
    org
      .given(created)
      .when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' })
      .then([{ type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u2' } }]);
    org.given(created).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u1' }).thenThrows(code('conflict'));
    org
      .given(created)
      .when({ type: 'RemoveMember', organizationId: 'o', userId: 'nobody' })
      .thenThrows(code('not_found'));
    org.given([]).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' }).thenThrows(code('not_found'));
  });

  it('forgets a removed member: removing again is not found, adding again works', () => {
    const removed: OrganizationEvent[] = [
      ...created,
      { type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u2' } },
    ];
    org.given(removed).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' }).thenThrows(code('not_found'));
    org
      .given(removed)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'owner' })
      .thenThrows(code('not_found'));
    org
      .given(removed)
      .when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'member' })
      .then([{ type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } }]);
  });

  it('lets an owner go once another owner remains', () => {
    const twoOwners: OrganizationEvent[] = [
      ...created,
      { type: 'RoleGranted', data: { organizationId: 'o', userId: 'u2', role: 'owner' } },
    ];
    org
      .given(twoOwners)
      .when({ type: 'RemoveMember', organizationId: 'o', userId: 'u1' })
      .then([{ type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u1' } }]);
    org
      .given(twoOwners)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'u1', role: 'viewer' })
      .then([{ type: 'RoleGranted', data: { organizationId: 'o', userId: 'u1', role: 'viewer' } }]);
  });

  it('renames with a trimmed, bounded name; the same name changes nothing', () => {
    org
      .given(created)
      .when({ type: 'RenameOrganization', organizationId: 'o', name: ' Night Watch ' })
      .then([{ type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Night Watch' } }]);
    org.given(created).when({ type: 'RenameOrganization', organizationId: 'o', name: 'Ops' }).thenNothingHappened();
    org
      .given(created)
      .when({ type: 'RenameOrganization', organizationId: 'o', name: '  ' })
      .thenThrows((e) => expect((e as DomainError).fields).toEqual({ name: ['Organization name is required'] }));
    org
      .given(created)
      .when({ type: 'RenameOrganization', organizationId: 'o', name: 'x'.repeat(101) })
      .thenThrows(code('invalid'));
    const renamed: OrganizationEvent[] = [
      ...created,
      { type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Night Watch' } },
    ];
    org
      .given(renamed)
      .when({ type: 'RenameOrganization', organizationId: 'o', name: 'Ops' })
      .then([{ type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Ops' } }]);
  });

  it('sets a feature flag only when it changes what the organization runs with', () => {
    // signals is on by default, reflow off (DEFAULT_FEATURE_FLAGS).
    org
      .given(created)
      .when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'signals', enabled: true })
      .thenNothingHappened();
    org
      .given(created)
      .when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: true })
      .then([{ type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: true } }]);
    const on: OrganizationEvent[] = [
      ...created,
      { type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: true } },
    ];
    org
      .given(on)
      .when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: true })
      .thenNothingHappened();
    org
      .given(on)
      .when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: false })
      .then([{ type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: false } }]);
    org
      .given(created)
      .when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'nope' as never, enabled: true })
      .thenThrows(code('not_found'));
  });

  it("sets an operator's quota limit in place of the tier's, and clears it with null", () => {
    const limited: OrganizationEvent[] = [
      ...created,
      { type: 'QuotaLimitSet', data: { organizationId: 'o', quota: 'runbooks', maximum: 0 } },
    ];
    org
      .given(created)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'runbooks', maximum: 0 })
      .then(limited.slice(-1));
    org
      .given(limited)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'runbooks', maximum: 0 })
      .thenNothingHappened();
    org
      .given(limited)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'runbooks', maximum: null })
      .then([{ type: 'QuotaLimitSet', data: { organizationId: 'o', quota: 'runbooks', maximum: null } }]);
    org
      .given(created)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'service_limit', maximum: null })
      .thenNothingHappened();
    org
      .given(limited)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'service_limit', maximum: 3 })
      .then([{ type: 'QuotaLimitSet', data: { organizationId: 'o', quota: 'service_limit', maximum: 3 } }]);
  });

  it('refuses a quota limit for an unknown quota or organization, or that is not a whole number in bounds', () => {
    org
      .given(created)
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'imports', maximum: 1 })
      .thenThrows(code('not_found'));
    org
      .given([])
      .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'runbooks', maximum: 1 })
      .thenThrows(code('not_found'));
    for (const maximum of [-1, 1.5, 100_001, '3', undefined, true]) {
      org
        .given(created)
        .when({ type: 'SetQuotaLimit', organizationId: 'o', quota: 'runbooks', maximum })
        .thenThrows((e) =>
          expect((e as DomainError).fields).toEqual({
            maximum: ["maximum must be a whole number from 0 to 100000, or null for the tier's limit"],
          }),
        );
    }
  });
});
