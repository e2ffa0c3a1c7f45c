/** The teams calls (SPEC.md section 7), one place for the web and the api's tests to name them. */
export const TEAMS_API = '/api/v1/teams';
export const teamPath = (teamId: string) => `${TEAMS_API}/${encodeURIComponent(teamId)}`;
export const teamMembershipsPath = (teamId: string) => `${teamPath(teamId)}/memberships`;
export const teamMembershipPath = (teamId: string, userId: string) =>
  `${teamMembershipsPath(teamId)}/${encodeURIComponent(userId)}`;
/** Members of the organization who may be added to the team or paged by its steps, searchable. */
export const teamMemberOptionsPath = (teamId: string) => `${teamPath(teamId)}/member_options`;
