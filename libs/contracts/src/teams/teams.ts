import type { Permission } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../organization-admin/organization-admin';

/** A team member: name and email are present while the user exists. */
export interface TeamMembership {
  user: { id: string; name?: string; email?: string };
  permissions: Permission[];
}

/** GET /api/v1/teams/{id} and each item of GET /api/v1/teams (SPEC.md section 3). */
export interface Team {
  id: string;
  name: string;
  restrict_signals_resource_management: boolean;
  memberships: TeamMembership[];
  created_at: string;
  updated_at: string;
}

/** GET /api/v1/teams?lite=true: only what a menu or a picker shows. */
export type TeamSummary = Pick<Team, 'id' | 'name'>;

/** GET /api/v1/teams: `my_teams=true` keeps the caller's teams; `page` starts at 1, `per_page` 20 by default, at most 100. */
export interface TeamsQuery extends PageQuery {
  my_teams?: boolean;
  lite?: boolean;
}

export interface TeamsResponse<Item extends TeamSummary = Team> {
  data: Item[];
  pagination: PagePagination;
}

/** POST /api/v1/teams; PATCH /api/v1/teams/{id} takes any of the fields. */
export interface TeamRequest {
  name: string;
  restrict_signals_resource_management?: boolean;
}

/** PATCH /api/v1/teams/{id}: a field left out keeps its value. */
export type TeamChangeRequest = Partial<TeamRequest>;

/** POST /api/v1/teams/{id}/memberships: the user must belong to the organization. */
export interface TeamMembershipRequest {
  user_id: string;
  permissions: Permission[];
}

/** PATCH /api/v1/teams/{id}/memberships/{userId}: the member's whole permission list. */
export interface TeamMemberPermissionsRequest {
  permissions: Permission[];
}

/** Query of GET /api/v1/teams/{id}/member_options: `query` is part of a name or an email. */
export interface TeamMemberOptionsQuery extends PageQuery {
  query?: string;
}

/** GET /api/v1/teams/{id}/member_options?query=: organization members not yet in the team. */
export interface TeamMemberOption {
  id: string;
  name: string;
  email: string;
}

export interface TeamMemberOptionsResponse {
  data: TeamMemberOption[];
  pagination: PagePagination;
}
