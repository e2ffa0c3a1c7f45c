import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PagePagination, Team, TeamMemberOptionsResponse, TeamsResponse, TeamSummary } from '@tocsin/contracts';
import { membershipsProjection, teamsProjection, usersProjection, type MembershipDoc, type TeamDoc, type UserDoc } from '@tocsin/projector';
import type { Filter } from '@tocsin/platform';
import { RUNTIME, type Runtime } from '../runtime/runtime';

export const DEFAULT_PER_PAGE = 20;

export interface TeamsListOptions {
  orgId: string;
  /** Set for my_teams: only teams this user belongs to. */
  memberId?: string;
  lite: boolean;
  page: number;
  perPage: number;
}

const pagination = (page: number, perPage: number, total: number): PagePagination => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

/** The teams view joined with the users view (names and emails change there, not in the team's stream). */
@Injectable()
export class TeamsQueries {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  private get store() {
    return this.runtime.infra.readStore;
  }

  async list({ orgId, memberId, lite, page, perPage }: TeamsListOptions): Promise<TeamsResponse<Team | TeamSummary>> {
    const filter: Filter = memberId ? { orgId, 'memberships.user.id': memberId } : { orgId };
    const [total, docs] = await Promise.all([
      this.store.count(teamsProjection.collection, filter),
      this.store.find<TeamDoc>(teamsProjection.collection, filter, { sort: { sortName: 1, _id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
    ]);
    const data = lite ? docs.map((doc) => ({ id: doc._id, name: doc.name })) : await this.present(docs);
    return { data, pagination: pagination(page, perPage, total) };
  }

  /** Another organization's team answers 404, exactly like an unknown id. */
  async find(orgId: string, teamId: string): Promise<Team> {
    const doc = await this.store.findOne<TeamDoc>(teamsProjection.collection, { _id: teamId, orgId });
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Team not found' });
    return (await this.present([doc]))[0];
  }

  async isOrganizationMember(orgId: string, userId: string): Promise<boolean> {
    return (await this.store.findOne<MembershipDoc>(membershipsProjection.collection, { _id: `${orgId}:${userId}` })) !== null;
  }

  /** Who can still be added: members of the organization outside the team, matching `query` in name or email. */
  async memberOptions(orgId: string, teamId: string, query: string, page: number, perPage: number): Promise<TeamMemberOptionsResponse> {
    const team = await this.find(orgId, teamId);
    const inTeam = new Set(team.memberships.map((m) => m.user.id));
    const memberships = await this.store.find<MembershipDoc>(membershipsProjection.collection, { orgId });
    const ids = memberships.map((m) => m.userId).filter((id) => !inTeam.has(id));
    const users = await this.store.find<UserDoc>(usersProjection.collection, { _id: { $in: ids } });
    const needle = query.trim().toLowerCase();
    const matching = users
      .filter((u) => !needle || u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
    const data = matching.slice((page - 1) * perPage, page * perPage).map((u) => ({ id: u._id, name: u.name, email: u.email }));
    return { data, pagination: pagination(page, perPage, matching.length) };
  }

  private async present(docs: TeamDoc[]): Promise<Team[]> {
    const ids = [...new Set(docs.flatMap((doc) => doc.memberships.map((m) => m.user.id)))];
    const users = ids.length > 0 ? await this.store.find<UserDoc>(usersProjection.collection, { _id: { $in: ids } }) : [];
    const byId = new Map(users.map((u) => [u._id, u]));
    return docs.map((doc) => ({
      id: doc._id,
      name: doc.name,
      restrict_signals_resource_management: doc.restrict_signals_resource_management,
      memberships: doc.memberships.map(({ user, permissions }) => {
        const found = byId.get(user.id);
        return { user: found ? { id: user.id, name: found.name, email: found.email } : { id: user.id }, permissions };
      }),
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    }));
  }
}
