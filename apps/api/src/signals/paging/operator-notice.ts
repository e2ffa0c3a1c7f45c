import { Inject, Injectable } from '@nestjs/common';
import type { ChannelRouter, Notice } from '@tocsin/platform';
import { membershipsView, notificationSettingsView, usersView } from '@tocsin/read-models';
import { DestinationAddresses } from '../../destinations/destination-addresses';
import { CHANNELS, LOGGER, READ_STORE, type Logger, type ReadStore } from '../../runtime/ports';

/** Whom the pager's own alarms go to: the organization's owners (the people who can change its paging). */
export const OPERATOR_ROLES = ['owner'] as const;

/**
 * Tells an organization's operators that the pager itself is in trouble (the escalation auditor's stuck pages,
 * the self-test's failed round): each owner on each of their high-urgency notification rows, else their account
 * email, straight through the channel adapters: never through the paging queue, which may be what is stuck.
 */
@Injectable()
export class OperatorNotice {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CHANNELS) private readonly channels: ChannelRouter,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly addresses: DestinationAddresses,
  ) {}

  /** Answers how many messages a provider took. */
  async tell(orgId: string, notice: Notice, what: string): Promise<number> {
    const owners = await membershipsView.withRoles(this.store, orgId, OPERATOR_ROLES);
    let taken = 0;
    for (const { userId } of owners) {
      const rows = await notificationSettingsView.ofUser(this.store, orgId, userId, 'HIGH');
      const targets: Array<{ kind: (typeof rows)[number]['notification_type']; address: string }> = [];
      for (const row of rows) {
        const resolved = await this.addresses.resolve(userId, row.notification_type, row.destination.value);
        if ('address' in resolved) targets.push({ kind: row.notification_type, address: resolved.address });
      }
      if (targets.length === 0) {
        const [user] = await usersView.byIds(this.store, [userId]);
        if (user) targets.push({ kind: 'email', address: String(user.email) });
      }
      for (const { kind, address } of targets) {
        const result = await this.channels.notice(kind, address, notice);
        if (result.ok) taken++;
        else this.logger.error({ orgId, userId, kind, answer: result.answer }, `${what}: an operator was not told`);
      }
    }
    return taken;
  }
}
