import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { OrganizationEvent } from './events';
import { decideOrganization, evolveOrganization, initialOrganization, type OrganizationCommand, type OrganizationState } from './organization';

const org = deciderSpec<OrganizationState, OrganizationCommand, OrganizationEvent>({ initial: initialOrganization, evolve: evolveOrganization, decide: decideOrganization });
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { organizationId: 'o', name: 'Ops', tier: 'free' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u1', role: 'owner' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'viewer' } },
];

describe('organization decider: members, name and flags', () => {
  it('removes a member, but never the last owner', () => {
    org.given(created).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' }).then([{ type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u2' } }]);
    org.given(created).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u1' }).thenThrows(code('conflict'));
    org.given(created).when({ type: 'RemoveMember', organizationId: 'o', userId: 'nobody' }).thenThrows(code('not_found'));
    org.given([]).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' }).thenThrows(code('not_found'));
  });

  it('forgets a removed member: removing again is not found, adding again works', () => {
    const removed: OrganizationEvent[] = [...created, { type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u2' } }];
    org.given(removed).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u2' }).thenThrows(code('not_found'));
    org.given(removed).when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'owner' }).thenThrows(code('not_found'));
    org.given(removed).when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'member' }).then([{ type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } }]);
  });

  it('lets an owner go once another owner remains', () => {
    const twoOwners: OrganizationEvent[] = [...created, { type: 'RoleGranted', data: { organizationId: 'o', userId: 'u2', role: 'owner' } }];
    org.given(twoOwners).when({ type: 'RemoveMember', organizationId: 'o', userId: 'u1' }).then([{ type: 'MemberRemoved', data: { organizationId: 'o', userId: 'u1' } }]);
    org.given(twoOwners).when({ type: 'GrantRole', organizationId: 'o', userId: 'u1', role: 'viewer' }).then([{ type: 'RoleGranted', data: { organizationId: 'o', userId: 'u1', role: 'viewer' } }]);
  });

  it('renames with a trimmed, bounded name; the same name changes nothing', () => {
    org.given(created).when({ type: 'RenameOrganization', organizationId: 'o', name: ' Night Watch ' }).then([{ type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Night Watch' } }]);
    org.given(created).when({ type: 'RenameOrganization', organizationId: 'o', name: 'Ops' }).thenNothingHappened();
    org.given(created).when({ type: 'RenameOrganization', organizationId: 'o', name: '  ' }).thenThrows((e) => expect((e as DomainError).fields).toEqual({ name: ['Organization name is required'] }));
    org.given(created).when({ type: 'RenameOrganization', organizationId: 'o', name: 'x'.repeat(101) }).thenThrows(code('invalid'));
    const renamed: OrganizationEvent[] = [...created, { type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Night Watch' } }];
    org.given(renamed).when({ type: 'RenameOrganization', organizationId: 'o', name: 'Ops' }).then([{ type: 'OrganizationRenamed', data: { organizationId: 'o', name: 'Ops' } }]);
  });

  it('sets a feature flag only when it changes what the organization runs with', () => {
    // signals is on by default, reflow off (DEFAULT_FEATURE_FLAGS).
    org.given(created).when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'signals', enabled: true }).thenNothingHappened();
    org.given(created).when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: true }).then([{ type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: true } }]);
    const on: OrganizationEvent[] = [...created, { type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: true } }];
    org.given(on).when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: true }).thenNothingHappened();
    org.given(on).when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'reflow', enabled: false }).then([{ type: 'FeatureFlagSet', data: { organizationId: 'o', flag: 'reflow', enabled: false } }]);
    org.given(created).when({ type: 'SetFeatureFlag', organizationId: 'o', flag: 'nope' as never, enabled: true }).thenThrows(code('not_found'));
  });
});
