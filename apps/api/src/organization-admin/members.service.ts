import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { MembersResponse, OrganizationMember } from '@tocsin/contracts';
import type { Role } from '@tocsin/domain';
import { membershipsProjection, usersProjection, type MembershipDoc, type UserDoc } from '@tocsin/projector';
import { AccountCommands } from '../identity/account-commands';
import { SessionRegistry } from '../identity/session-registry';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import { TeamLeaversReactor } from '../teams/team-leavers.reactor';
import type { RequestContext } from '../shared/request-context';

const notFound = () => new NotFoundException({ error: 'not_found', message: 'User not found' });

/** The members of the caller's organization: memberships joined with the users they point at. */
@Injectable()
export class MembersService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: AccountCommands,
    private readonly progress: ProjectionProgress,
    private readonly registry: SessionRegistry,
    private readonly leavers: TeamLeaversReactor,
  ) {}

  private get store() {
    return this.runtime.infra.readStore;
  }

  async list(orgId: string, page: number, perPage: number): Promise<MembersResponse> {
    const filter = { orgId };
    const [total, memberships] = await Promise.all([
      this.store.count(membershipsProjection.collection, filter),
      this.store.find<MembershipDoc>(membershipsProjection.collection, filter, { sort: { joinedAt: 1, userId: 1 }, skip: (page - 1) * perPage, limit: perPage }),
    ]);
    const users = await this.store.find<UserDoc>(usersProjection.collection, { _id: { $in: memberships.map((m) => m.userId) } });
    const byId = new Map(users.map((u) => [u._id, u]));
    return {
      data: memberships.flatMap((m) => (byId.has(m.userId) ? [present(m, byId.get(m.userId)!)] : [])),
      pagination: { page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  /** Another organization's user answers 404, exactly like an unknown id. */
  async find(orgId: string, userId: string): Promise<OrganizationMember> {
    const [membership, user] = await Promise.all([
      this.store.findOne<MembershipDoc>(membershipsProjection.collection, { _id: `${orgId}:${userId}` }),
      this.store.findOne<UserDoc>(usersProjection.collection, { _id: userId }),
    ]);
    if (!membership || !user) throw notFound();
    return present(membership, user);
  }

  async changeRole(userId: string, role: Role, context: RequestContext): Promise<OrganizationMember> {
    await this.find(context.orgId, userId);
    const { position } = await this.commands.organization({ type: 'GrantRole', organizationId: context.orgId, userId, role }, context);
    await this.progress.waitFor(membershipsProjection.name, position);
    return this.find(context.orgId, userId);
  }

  /**
   * The removed member's sessions in this organization end at once (their membership is gone too), and
   * they leave its teams (TeamLeaversReactor, reacting to MemberRemoved): the answer waits for both.
   */
  async remove(userId: string, context: RequestContext): Promise<void> {
    await this.find(context.orgId, userId);
    const { position } = await this.commands.organization({ type: 'RemoveMember', organizationId: context.orgId, userId }, context);
    const sessions = (await this.registry.ofUser(userId)).filter((s) => s.orgId === context.orgId && !s.staff);
    await this.registry.endAll(sessions, 'member_removed', context);
    await this.progress.waitFor(membershipsProjection.name, position);
    await this.leavers.waitFor(position);
  }
}

function present(membership: MembershipDoc, user: UserDoc): OrganizationMember {
  return { id: user._id, name: user.name, email: user.email, role: membership.role as Role, joined_at: membership.joinedAt };
}
