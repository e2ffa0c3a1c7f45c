import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAGING_AUDIT_API, type PagingAuditResponse } from '@tocsin/contracts';
import { membershipsView, usersView } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { heldPermissions } from '../../access/held-permissions';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { ChannelReadinessReport } from './channel-readiness';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { OPERATOR_ROLES } from './operator-notice';
import { PAGING_AUDIT, type PagingAuditDoc } from './paging-audit';

/** The ops page's paging section: the auditor's latest round, and which channels page nowhere real. */
@ApiTags('health')
@Controller()
export class PagingAuditController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly channels: ChannelReadinessReport,
  ) {}

  @Get(PAGING_AUDIT_API.slice(1))
  @RequirePermission('read_alerts')
  @ApiOperation({ summary: 'Late and unanswered pages, pending notifications and unconfigured channels' })
  async audit(@Ctx() context: RequestContext): Promise<PagingAuditResponse> {
    const { orgId } = context;
    const seesPeople = heldPermissions(context).includes('read_users');
    const doc = await this.store.findOne<PagingAuditDoc>(PAGING_AUDIT, { _id: orgId });
    const owners = await membershipsView.withRoles(this.store, orgId, OPERATOR_ROLES);
    const pending = [...(doc?.pending ?? [])].sort((a, b) => a.due_at.localeCompare(b.due_at));
    const ownerIds = owners.map((o) => o.userId);
    const users = await usersView.byIds(this.store, [...ownerIds, ...pending.map((p) => p.user_id)]);
    const names = new Map(users.map((u) => [u._id, String(u.name)]));
    return {
      data: {
        checked_at: doc?.checkedAt ?? null,
        findings: doc?.findings ?? [],
        pending: pending.map((p) => ({ ...p, user_name: names.get(p.user_id) ?? 'someone no longer here' })),
        channels: this.channels.all(),
        // who the owners are is the members list's to tell (read_users): others learn that owners are paged
        operators: ownerIds.map((id) => ({ id, name: seesPeople ? (names.get(id) ?? id) : 'An owner' })),
      },
    };
  }
}
