import type { TeamFields } from './events';

/**
 * `orgId` is the caller's organization (from the session): a team of another one is "not found".
 * Permissions arrive as the client sent them; the decider checks they are permission slugs.
 */
export type CreateTeam = { type: 'CreateTeam'; teamId: string; orgId: string } & TeamFields;
/** Fields left out keep their value (PATCH). */
export type ChangeTeam = { type: 'ChangeTeam'; teamId: string; orgId: string } & Partial<TeamFields>;
/** `usedBy` names what still sends the team its alerts (event sources defaulting to it): then deleting is refused. */
export type DeleteTeam = { type: 'DeleteTeam'; teamId: string; orgId: string; usedBy?: string[] };
/** `isOrganizationMember` comes from the memberships read model: the handler looks, the decider rules. */
export type AddTeamMember = {
  type: 'AddTeamMember';
  teamId: string;
  orgId: string;
  userId: string;
  permissions: string[];
  isOrganizationMember: boolean;
};
export type ChangeTeamMemberPermissions = {
  type: 'ChangeTeamMemberPermissions';
  teamId: string;
  orgId: string;
  userId: string;
  permissions: string[];
};
export type RemoveTeamMember = { type: 'RemoveTeamMember'; teamId: string; orgId: string; userId: string };

export type TeamCommand =
  CreateTeam | ChangeTeam | DeleteTeam | AddTeamMember | ChangeTeamMemberPermissions | RemoveTeamMember;
