import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { MembersResponse, OrganizationMember } from '@tocsin/contracts';
import type { Role } from '@tocsin/domain';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { membershipsView, usersView, type MembershipDoc, type UserDoc } from '@tocsin/read-models';
import { SessionRegistry } from '../sessions/session-registry';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import { TeamLeaversReactor } from '../teams/team-leavers.reactor';
import type { RequestContext } from '../shared/request-context';

const notFound = () => new NotFoundException({ error: 'not_found', message: 'User not found' });

/** The members of the caller's organization: memberships joined with the users they point at. */
@Injectable()
export class MembersService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
    private readonly registry: SessionRegistry,
    private readonly leavers: TeamLeaversReactor,
  ) {}

  async list(orgId: string, page: number, perPage: number): Promise<MembersResponse> {
    const { total, docs: memberships } = await membershipsView.pageInOrganization(this.store, orgId, page, perPage);
    const users = await usersView.byIds(
      this.store,
      memberships.map((m) => m.userId),
    );
    const byId = new Map(users.map((u) => [u._id, u]));
    return {
      data: memberships.flatMap((m) => (byId.has(m.userId) ? [present(m, byId.get(m.userId)!)] : [])),
      pagination: { page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  /** Another organization's user answers 404, exactly like an unknown id. */
  async find(orgId: string, userId: string): Promise<OrganizationMember> {
    const [membership, user] = await Promise.all([
      membershipsView.of(this.store, orgId, userId),
      usersView.byId(this.store, userId),
    ]);
    if (!membership || !user) throw notFound();
    return present(membership, user);
  }

  async changeRole(userId: string, role: Role, context: RequestContext): Promise<OrganizationMember> {
    await this.find(context.orgId, userId);
    await this.commands.run(
      organizationCommand({ type: 'GrantRole', organizationId: context.orgId, userId, role }, context),
      membershipsView.name,
    );
    return this.find(context.orgId, userId);
  }

  /**
   * The removed member's sessions in this organization end at once (their membership is gone too), and
   * they leave its teams (TeamLeaversReactor, reacting to MemberRemoved): the answer waits for both.
   */
  async remove(userId: string, context: RequestContext): Promise<void> {
    await this.find(context.orgId, userId);
    const { position } = await this.commands.run(
      organizationCommand({ type: 'RemoveMember', organizationId: context.orgId, userId }, context),
    );
    const sessions = (await this.registry.ofUser(userId)).filter((s) => s.orgId === context.orgId && !s.staff);
    await this.registry.endAll(sessions, 'member_removed', context);
    await this.progress.waitFor(membershipsView.name, position);
    await this.leavers.waitFor(position);
  }
}

function present(membership: MembershipDoc, user: UserDoc): OrganizationMember {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    role: membership.role as Role,
    joined_at: membership.joinedAt,
  };
}
