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
];

describe('organization decider', () => {
  it('creates an organization with its owner, trimming the name', () => {
    org
      .given([])
      .when({ type: 'CreateOrganization', organizationId: 'o', name: ' Ops ', tier: 'free', ownerId: 'u1' })
      .then(created);
  });
  it('refuses a blank name and a second creation', () => {
    org
      .given([])
      .when({ type: 'CreateOrganization', organizationId: 'o', name: ' ', tier: 'free', ownerId: 'u1' })
      .thenThrows(code('invalid'));
    org
      .given(created)
      .when({ type: 'CreateOrganization', organizationId: 'o', name: 'x', tier: 'free', ownerId: 'u1' })
      .thenThrows(code('conflict'));
  });
  it('adds a member once', () => {
    org
      .given(created)
      .when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'viewer' })
      .then([{ type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'viewer' } }]);
    org
      .given(created)
      .when({ type: 'AddMember', organizationId: 'o', userId: 'u1', role: 'viewer' })
      .thenThrows(code('conflict'));
    org
      .given([])
      .when({ type: 'AddMember', organizationId: 'o', userId: 'u2', role: 'viewer' })
      .thenThrows(code('not_found'));
  });
  it('grants roles, keeping at least one owner', () => {
    const withMember: OrganizationEvent[] = [
      ...created,
      { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } },
    ];
    org
      .given(withMember)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'owner' })
      .then([{ type: 'RoleGranted', data: { organizationId: 'o', userId: 'u2', role: 'owner' } }]);
    org
      .given(withMember)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'u2', role: 'member' })
      .thenNothingHappened();
    org
      .given(withMember)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'u1', role: 'viewer' })
      .thenThrows(code('conflict'));
    org
      .given(withMember)
      .when({ type: 'GrantRole', organizationId: 'o', userId: 'nobody', role: 'viewer' })
      .thenThrows(code('not_found'));
  });
});
