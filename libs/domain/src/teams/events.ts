import type { Permission } from '../access/permissions';

/** A team of the organization (SPEC.md section 3): its name and whether it keeps its signals resources to itself. */
export interface TeamFields {
  name: string;
  restrict_signals_resource_management: boolean;
}

export type TeamCreated = { type: 'TeamCreated'; data: { teamId: string; orgId: string } & TeamFields };
export type TeamChanged = { type: 'TeamChanged'; data: { teamId: string } & TeamFields };
export type TeamDeleted = { type: 'TeamDeleted'; data: { teamId: string } };
export type TeamMemberAdded = {
  type: 'TeamMemberAdded';
  data: { teamId: string; userId: string; permissions: Permission[] };
};
export type TeamMemberPermissionsChanged = {
  type: 'TeamMemberPermissionsChanged';
  data: { teamId: string; userId: string; permissions: Permission[] };
};
export type TeamMemberRemoved = { type: 'TeamMemberRemoved'; data: { teamId: string; userId: string } };

export type TeamEvent =
  TeamCreated | TeamChanged | TeamDeleted | TeamMemberAdded | TeamMemberPermissionsChanged | TeamMemberRemoved;

/** One stream per team: its memberships are decided with it, so two owners cannot add the same member twice. */
export const teamStream = (teamId: string) => `team-${teamId}`;
