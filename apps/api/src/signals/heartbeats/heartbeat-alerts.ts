import { Injectable } from '@nestjs/common';
import {
  alertIdFor,
  alertStreamFor,
  DomainError,
  HEARTBEAT_ALERT_KEY,
  type AlertTriggered,
  type HeartbeatMissed,
  type IngestResult,
} from '@tocsin/domain';
import type { HeartbeatDoc } from '@tocsin/read-models';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { heldLogLine, MaintenanceSuppression } from '../../incidents/maintenances/maintenance-suppression';
import { deterministicId } from '../../shared/event-sourced';
import { IngestLogWriter } from '../ingest/ingest-log.writer';
import { RoutingService } from '../ingest/routing.service';

/** The ingest log's format of the lines a heartbeat's misses leave (`/signals/logs`). */
export const HEARTBEAT_LOG_FORMAT = 'heartbeat';

const contextOf = (orgId: string, seed: string) => {
  const commandId = deterministicId(seed);
  return { orgId, actorId: null, role: null, commandId, correlationId: commandId };
};

/**
 * A heartbeat's alert, through the same command path as ingest: routed like a source's (the team's rules, then
 * the heartbeat's default team and policy), on one stream per heartbeat (`HEARTBEAT_ALERT_KEY`), so a repeated
 * miss is a repeat of the open alert and never a second page. A scheduled maintenance in force that chose the
 * heartbeat holds it as it holds an ingested alert (recorded, paging nobody until the window ends). Command ids come
 * from the miss or the recovery: a retried check or beat (another process, a job run again after a crash) applies
 * nothing twice. An alert raised leaves a line in the ingest log (`/signals/logs`), its id from the miss as well.
 */
@Injectable()
export class HeartbeatAlerts {
  constructor(
    private readonly commands: Commands,
    private readonly routing: RoutingService,
    private readonly maintenances: MaintenanceSuppression,
    private readonly log: IngestLogWriter,
  ) {}

  async trigger(doc: HeartbeatDoc, missed: Pick<HeartbeatMissed['data'], 'at' | 'lastBeatAt'>): Promise<void> {
    const route = await this.routing.routerFor(doc);
    const since = missed.lastBeatAt ? `no beat since ${missed.lastBeatAt}` : 'no beat since it was created';
    const content = {
      summary: `Heartbeat missed: ${doc.name} (${since})`,
      priority: 'HIGH' as const,
      labels: { heartbeat: doc.name, heartbeat_id: doc._id },
      links: [],
    };
    const decision = await route(content);
    // a team rule that drops it: nothing triggers, as for a source's alert
    if (decision.routing.kind === 'drop') return;
    const suppression = await this.maintenances.holderFor(
      doc.orgId,
      { sourceId: doc._id, labels: content.labels },
      missed.at,
    );
    const command = {
      type: 'TriggerAlert' as const,
      alertId: alertIdFor(doc._id, HEARTBEAT_ALERT_KEY),
      orgId: doc.orgId,
      sourceId: doc._id,
      dedupKey: HEARTBEAT_ALERT_KEY,
      at: missed.at,
      ...content,
      routing: decision.routing,
      policy: decision.policy,
      ...(suppression && { suppression }),
    };
    const stream = alertStreamFor(doc._id, HEARTBEAT_ALERT_KEY);
    const { events } = await this.commands.run(
      alertCommand(stream, command, contextOf(doc.orgId, `heartbeat-alert/${doc._id}/${missed.at}`)),
    );
    const triggered = events.find((e): e is AlertTriggered => e.type === 'AlertTriggered');
    if (!triggered) return;
    const { episode } = triggered.data;
    const result: IngestResult = {
      outcome: episode === 1 ? 'new_alert' : 'reopened',
      dedupKey: HEARTBEAT_ALERT_KEY,
      alertId: command.alertId,
      summary: content.summary,
      episode,
      ...heldLogLine(suppression, events),
    };
    await this.log.record({
      payloadId: deterministicId(`heartbeat-log/${doc._id}/${missed.at}`),
      orgId: doc.orgId,
      sourceId: doc._id,
      format: HEARTBEAT_LOG_FORMAT,
      receivedAt: missed.at,
      outcome: result.outcome,
      results: [result],
    });
  }

  async resolve(doc: Pick<HeartbeatDoc, '_id' | 'orgId'>, at: string): Promise<void> {
    const stream = alertStreamFor(doc._id, HEARTBEAT_ALERT_KEY);
    const command = {
      type: 'ResolveAlert' as const,
      alertId: alertIdFor(doc._id, HEARTBEAT_ALERT_KEY),
      orgId: doc.orgId,
      by: { kind: 'source' as const, sourceId: doc._id },
      at,
    };
    try {
      await this.commands.run(
        alertCommand(stream, command, contextOf(doc.orgId, `heartbeat-resolve/${doc._id}/${at}`)),
      );
    } catch (error) {
      // no alert was opened (a rule dropped it): nothing to resolve
      if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
    }
  }
}
