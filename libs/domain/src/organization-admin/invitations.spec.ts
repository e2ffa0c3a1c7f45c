import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { OrganizationCommand } from './commands';
import { decideOrganization } from './decide';
import { upcastOrganizationEvent, type OrganizationEvent, type RecordedOrganizationEvent } from './events';
import { evolveOrganization, initialOrganization, type OrganizationState } from './state';

const org = deciderSpec<OrganizationState, OrganizationCommand, OrganizationEvent>({
  initial: initialOrganization,
  evolve: evolveOrganization,
  decide: decideOrganization,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);

const NOW = '2026-01-01T00:00:00.000Z';
const WEEK_LATER = '2026-01-08T00:00:00.000Z';
const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { organizationId: 'o', name: 'Ops', tier: 'free' } },
  { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u1', role: 'owner' } },
];
const sent: OrganizationEvent = {
  type: 'MemberInvited',
  data: {
    organizationId: 'o',
    invitationId: 'i1',
    email: 'new@example.com',
    role: 'member',
    tokenHash: 'h',
    expiresAt: WEEK_LATER,
    invitedBy: 'u1',
  },
};
const invited = [...created, sent];
const send = {
  type: 'SendInvitation',
  organizationId: 'o',
  invitationId: 'i1',
  email: ' New@Example.com ',
  role: 'member',
  tokenHash: 'h',
  expiresAt: WEEK_LATER,
  invitedBy: 'u1',
  alreadyMember: false,
  now: NOW,
} as const;
const accept = {
  type: 'AcceptInvitation',
  organizationId: 'o',
  invitationId: 'i1',
  tokenHash: 'h',
  userId: 'u2',
  email: 'NEW@example.com',
  now: NOW,
} as const;

describe('organization decider: invitations', () => {
  it('sends an invitation to a normalized address', () => {
    org.given(created).when(send).then([sent]);
    org.given([]).when(send).thenThrows(code('not_found'));
  });

  it('refuses to invite a member, or an address with a pending invitation', () => {
    org
      .given(created)
      .when({ ...send, alreadyMember: true })
      .thenThrows((e) => expect((e as DomainError).fields).toEqual({ email: ['is already a member'] }));
    org
      .given(invited)
      .when({ ...send, invitationId: 'i2' })
      .thenThrows(code('conflict'));
  });

  it('invites the same address again once the first invitation expired or was revoked', () => {
    org
      .given(invited)
      .when({ ...send, invitationId: 'i2', now: WEEK_LATER })
      .then([{ ...sent, data: { ...sent.data, invitationId: 'i2' } }]);
    const revoked = [
      ...invited,
      { type: 'InvitationRevoked', data: { organizationId: 'o', invitationId: 'i1' } } as OrganizationEvent,
    ];
    org
      .given(revoked)
      .when({ ...send, invitationId: 'i2' })
      .then([{ ...sent, data: { ...sent.data, invitationId: 'i2' } }]);
  });

  it('accepting adds the invitee with the invited role, once', () => {
    const joined: OrganizationEvent[] = [
      { type: 'InvitationAccepted', data: { organizationId: 'o', invitationId: 'i1', userId: 'u2' } },
      { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } },
    ];
    org.given(invited).when(accept).then(joined);
    org
      .given([...invited, ...joined])
      .when(accept)
      .thenThrows(code('not_found'));
  });

  it('refuses an expired, revoked, unknown or wrongly tokened invitation alike', () => {
    org
      .given(invited)
      .when({ ...accept, now: WEEK_LATER })
      .thenThrows(code('not_found'));
    org
      .given(invited)
      .when({ ...accept, tokenHash: 'other' })
      .thenThrows(code('not_found'));
    org
      .given(invited)
      .when({ ...accept, invitationId: 'nope' })
      .thenThrows(code('not_found'));
    const revoked = [
      ...invited,
      { type: 'InvitationRevoked', data: { organizationId: 'o', invitationId: 'i1' } } as OrganizationEvent,
    ];
    org.given(revoked).when(accept).thenThrows(code('not_found'));
  });

  it('is accepted only by the invited address, and not by a member', () => {
    org
      .given(invited)
      .when({ ...accept, email: 'someone@example.com' })
      .thenThrows(code('forbidden'));
    org
      .given(invited)
      .when({ ...accept, userId: 'u1' })
      .thenThrows(code('conflict'));
  });

  it('revokes a pending invitation only', () => {
    org
      .given(invited)
      .when({ type: 'RevokeInvitation', organizationId: 'o', invitationId: 'i1' })
      .then([{ type: 'InvitationRevoked', data: { organizationId: 'o', invitationId: 'i1' } }]);
    org
      .given(created)
      .when({ type: 'RevokeInvitation', organizationId: 'o', invitationId: 'i1' })
      .thenThrows(code('not_found'));
    const accepted = [
      ...invited,
      {
        type: 'InvitationAccepted',
        data: { organizationId: 'o', invitationId: 'i1', userId: 'u2' },
      } as OrganizationEvent,
    ];
    org
      .given(accepted)
      .when({ type: 'RevokeInvitation', organizationId: 'o', invitationId: 'i1' })
      .thenThrows(code('not_found'));
  });

  it("folds an invitation recorded under its first name, 'InvitationSent', as a MemberInvited", () => {
    // events are never rewritten: an organization invited before the rename still has that invitation
    const recordedBefore: RecordedOrganizationEvent = { type: 'InvitationSent', data: sent.data };
    expect(upcastOrganizationEvent(recordedBefore)).toEqual(sent);
    expect(upcastOrganizationEvent(sent)).toBe(sent);
    const old = deciderSpec<OrganizationState, OrganizationCommand, RecordedOrganizationEvent>({
      initial: initialOrganization,
      evolve: evolveOrganization,
      decide: decideOrganization,
    });
    old
      .given([...created, recordedBefore])
      .when(accept)
      .then([
        { type: 'InvitationAccepted', data: { organizationId: 'o', invitationId: 'i1', userId: 'u2' } },
        { type: 'MemberAdded', data: { organizationId: 'o', userId: 'u2', role: 'member' } },
      ]);
    old
      .given([...created, recordedBefore])
      .when({ ...send, invitationId: 'i2' })
      .thenThrows(code('conflict'));
  });
});
