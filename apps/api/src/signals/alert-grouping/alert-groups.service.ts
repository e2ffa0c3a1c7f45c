import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AlertGroupMember, AlertGroupResource, AlertGroupStatus } from '@tocsin/contracts';
import { DomainError, groupOf, type AlertActor } from '@tocsin/domain';
import { alertGroupsView, alertsView, type AlertGroupDoc } from '@tocsin/read-models';
import { alertCommand, alertGroupsCommand, deciders } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { StreamFolds } from './stream-folds';

const notFound = () => new NotFoundException({ error: 'not_found', message: 'Alert group not found' });
/** Members moved at once when a group is acknowledged or resolved (each on its own stream). */
const MOVES_AT_ONCE = 8;

/** The groups alerts formed: listed, shown with their alerts, acknowledged or resolved with all of them. */
@Injectable()
export class AlertGroupsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly folds: StreamFolds,
  ) {}

  /** The latest groups (of one team if given), or those still taking alerts (`open`). */
  async list(orgId: string, query: { teamId?: string; open?: boolean }): Promise<AlertGroupResource[]> {
    const docs = query.open
      ? (await alertGroupsView.openOfOrg(this.store, orgId, new Date(this.clock.now()).toISOString())).filter(
          (doc) => !query.teamId || doc.teamId === query.teamId,
        )
      : await alertGroupsView.ofOrg(this.store, orgId, query.teamId);
    return docs.map((doc) => this.present(doc));
  }

  async doc(orgId: string, groupId: string): Promise<AlertGroupDoc> {
    const doc = await alertGroupsView.find(this.store, orgId, groupId);
    if (!doc) throw notFound();
    return doc;
  }

  async find(orgId: string, groupId: string): Promise<AlertGroupResource> {
    const doc = await this.doc(orgId, groupId);
    const alerts = await alertsView.ofGroup(this.store, orgId, groupId);
    const members: AlertGroupMember[] = alerts.map((alert) => ({
      id: alert._id,
      summary: alert.summary,
      priority: alert.priority,
      status: alert.status,
      first: alert._id === doc.firstAlertId,
      joined_at: alert.triggered_at,
    }));
    return { ...this.present(doc), members };
  }

  /**
   * Acknowledges or resolves the group on its key's stream, then each of its alerts on its own, through the one
   * command path and in the group's name (each alert's timeline says so). Asked again, it moves the alerts a
   * crash left unmoved; an alert resolved since is left as it is.
   */
  async move(
    type: 'AcknowledgeAlertGroup' | 'ResolveAlertGroup',
    groupId: string,
    by: AlertActor,
    context: RequestContext,
  ) {
    const { orgId } = context;
    const doc = await this.doc(orgId, groupId);
    const at = new Date(this.clock.now()).toISOString();
    await this.commands.run(
      alertGroupsCommand(doc.stream, { type, orgId, groupId, at, by }, context),
      alertGroupsView.name,
    );
    const group = groupOf(await this.folds.state(doc.stream, deciders.alertGroups), groupId);
    if (!group) throw notFound();
    const alertType = type === 'ResolveAlertGroup' ? 'ResolveAlert' : 'AcknowledgeAlert';
    const members = group.memberIds.map((alertId, i) => ({ alertId, stream: group.memberStreams[i] }));
    for (let i = 0; i < members.length; i += MOVES_AT_ONCE) {
      await Promise.all(
        members.slice(i, i + MOVES_AT_ONCE).map(async ({ alertId, stream }) => {
          const command = { type: alertType, alertId, orgId, by, at, groupId } as const;
          const own = { ...context, commandId: deterministicId(`${context.commandId}/${alertId}`) };
          try {
            await this.commands.run(alertCommand(stream, command, own), alertsView.name);
          } catch (error) {
            // resolved on its own meanwhile: acknowledging it changes nothing
            if (!(error instanceof DomainError)) throw error;
          }
        }),
      );
    }
    return this.find(orgId, groupId);
  }

  private present(doc: AlertGroupDoc): AlertGroupResource {
    const lapsed = Date.parse(doc.closes_at) < this.clock.now();
    const status: AlertGroupStatus = doc.status !== 'resolved' && lapsed ? 'closed' : doc.status;
    return {
      id: doc._id,
      team_id: doc.teamId,
      rule_id: doc.ruleId,
      key: doc.key,
      summary: doc.summary,
      status,
      first_alert_id: doc.firstAlertId,
      alert_count: doc.alertCount,
      opened_at: doc.opened_at,
      last_alert_at: doc.last_alert_at,
      closes_at: doc.closes_at,
    };
  }
}
