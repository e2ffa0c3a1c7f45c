import { DomainError } from '../shared/event';
import type { AccountRole, InvitationAccepted, InvitationRevoked, MemberInvited, OrganizationEvent } from './events';
import { ownValue } from '../shared/own';

export interface InvitationState {
  email: string;
  role: AccountRole;
  tokenHash: string;
  expiresAt: string;
  status: 'pending' | 'accepted' | 'revoked';
}

/**
 * Invitations live in the organization's stream, so accepting one and adding the member are one
 * decision. Checks that need I/O come in as facts (`alreadyMember`); the time comes in as `now`.
 */
export type InvitationCommand =
  | {
      type: 'SendInvitation';
      organizationId: string;
      invitationId: string;
      email: string;
      role: AccountRole;
      tokenHash: string;
      expiresAt: string;
      invitedBy: string | null;
      alreadyMember: boolean;
      now: string;
    }
  | {
      type: 'AcceptInvitation';
      organizationId: string;
      invitationId: string;
      tokenHash: string;
      userId: string;
      email: string;
      now: string;
    }
  | { type: 'RevokeInvitation'; organizationId: string; invitationId: string };

type Invitations = Record<string, InvitationState>;

export function evolveInvitations(
  invitations: Invitations,
  event: MemberInvited | InvitationAccepted | InvitationRevoked,
): Invitations {
  const { invitationId } = event.data;
  switch (event.type) {
    case 'MemberInvited': {
      const { email, role, tokenHash, expiresAt } = event.data;
      return { ...invitations, [invitationId]: { email, role, tokenHash, expiresAt, status: 'pending' } };
    }
    case 'InvitationAccepted':
      return { ...invitations, [invitationId]: { ...invitations[invitationId], status: 'accepted' } };
    case 'InvitationRevoked':
      return { ...invitations, [invitationId]: { ...invitations[invitationId], status: 'revoked' } };
  }
}

const isOpen = (invitation: InvitationState | undefined, now: string): invitation is InvitationState =>
  !!invitation && invitation.status === 'pending' && Date.parse(invitation.expiresAt) > Date.parse(now);

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function decideInvitation(
  command: InvitationCommand,
  state: { members: Record<string, AccountRole>; invitations: Invitations },
): OrganizationEvent[] {
  const { organizationId, invitationId } = command;
  switch (command.type) {
    case 'SendInvitation': {
      const email = normalizeEmail(command.email);
      if (command.alreadyMember)
        throw new DomainError('This person is already a member of the organization', 'conflict', {
          email: ['is already a member'],
        });
      if (Object.values(state.invitations).some((i) => i.email === email && isOpen(i, command.now))) {
        throw new DomainError('An invitation to this email is already pending', 'conflict', {
          email: ['already has a pending invitation'],
        });
      }
      if (state.invitations[invitationId]) throw new DomainError('The invitation already exists', 'conflict');
      const { role, tokenHash, expiresAt, invitedBy } = command;
      return [
        { type: 'MemberInvited', data: { organizationId, invitationId, email, role, tokenHash, expiresAt, invitedBy } },
      ];
    }
    case 'AcceptInvitation': {
      const invitation = state.invitations[invitationId];
      // Unknown, used, revoked, expired or a wrong token all read the same: the link no longer works.
      if (!isOpen(invitation, command.now) || invitation.tokenHash !== command.tokenHash) {
        throw new DomainError('This invitation is no longer valid', 'not_found');
      }
      if (normalizeEmail(command.email) !== invitation.email) {
        throw new DomainError(
          `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
          'forbidden',
        );
      }
      if (ownValue(state.members, command.userId))
        throw new DomainError('You are already a member of this organization', 'conflict');
      return [
        { type: 'InvitationAccepted', data: { organizationId, invitationId, userId: command.userId } },
        { type: 'MemberAdded', data: { organizationId, userId: command.userId, role: invitation.role } },
      ];
    }
    case 'RevokeInvitation':
      if (state.invitations[invitationId]?.status !== 'pending')
        throw new DomainError('Invitation not found', 'not_found');
      return [{ type: 'InvitationRevoked', data: { organizationId, invitationId } }];
  }
}
