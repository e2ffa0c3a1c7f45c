import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PagePagination, Team, TeamMemberOptionsResponse, TeamsResponse, TeamSummary } from '@tocsin/contracts';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import {
  eventSourcesView,
  heartbeatsView,
  membershipsView,
  teamsView,
  usersView,
  type TeamDoc,
} from '@tocsin/read-models';

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
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async list({ orgId, memberId, lite, page, perPage }: TeamsListOptions): Promise<TeamsResponse<Team | TeamSummary>> {
    const { total, docs } = await teamsView.page(this.store, { orgId, memberId, page, perPage });
    const data = lite ? docs.map((doc) => ({ id: doc._id, name: doc.name })) : await this.present(docs);
    return { data, pagination: pagination(page, perPage, total) };
  }

  /** Another organization's team answers 404, exactly like an unknown id. */
  async find(orgId: string, teamId: string): Promise<Team> {
    const doc = await teamsView.byId(this.store, orgId, teamId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Team not found' });
    return (await this.present([doc]))[0];
  }

  /** The event sources and heartbeats that send the team alerts no rule matched: deleting the team under them is refused. */
  async sourcesDefaultingTo(orgId: string, teamId: string): Promise<string[]> {
    const [sources, heartbeats] = await Promise.all([
      eventSourcesView.defaultingToTeam(this.store, orgId, teamId),
      heartbeatsView.defaultingToTeam(this.store, orgId, teamId),
    ]);
    return [
      ...sources.map((source) => `event source "${source.name}"`),
      ...heartbeats.map((heartbeat) => `heartbeat "${heartbeat.name}"`),
    ];
  }

  async isOrganizationMember(orgId: string, userId: string): Promise<boolean> {
    return (await membershipsView.of(this.store, orgId, userId)) !== null;
  }

  /** Who can still be added: members of the organization outside the team, matching `query` in name or email. */
  async memberOptions(
    orgId: string,
    teamId: string,
    query: string,
    page: number,
    perPage: number,
  ): Promise<TeamMemberOptionsResponse> {
    const team = await this.find(orgId, teamId);
    const inTeam = new Set(team.memberships.map((m) => m.user.id));
    const memberships = await membershipsView.inOrganization(this.store, orgId);
    const ids = memberships.map((m) => m.userId).filter((id) => !inTeam.has(id));
    const users = await usersView.byIds(this.store, ids);
    const needle = query.trim().toLowerCase();
    const matching = users
      .filter((u) => !needle || u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
    const data = matching
      .slice((page - 1) * perPage, page * perPage)
      .map((u) => ({ id: u._id, name: u.name, email: u.email }));
    return { data, pagination: pagination(page, perPage, matching.length) };
  }

  private async present(docs: TeamDoc[]): Promise<Team[]> {
    const ids = [...new Set(docs.flatMap((doc) => doc.memberships.map((m) => m.user.id)))];
    const users = await usersView.byIds(this.store, ids);
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
