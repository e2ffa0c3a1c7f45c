import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  MAINTENANCE_HELD_ALERTS_SHOWN,
  type Maintenance,
  type MaintenanceHeldAlertsResponse,
  type MaintenanceListFilter,
  type MaintenancesResponse,
} from '@tocsin/contracts';
import { MAINTENANCE_NOT_FOUND_MESSAGE, maintenanceStatusAt, type MaintenanceCommand } from '@tocsin/domain';
import {
  alertsView,
  anyOf,
  eventSourcesView,
  heartbeatsView,
  maintenancesView,
  type MaintenanceDoc,
} from '@tocsin/read-models';
import { maintenanceCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

/** Scheduled maintenances: commands (the handler looks the sources up, the decider rules) and their reads. */
@Injectable()
export class MaintenancesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(command: DistributiveOmit<MaintenanceCommand, 'orgId'>, context: RequestContext) {
    return this.commands.run(maintenanceCommand(command, context), maintenancesView.name);
  }

  /**
   * The chosen sources that are not the organization's event sources or heartbeats (a heartbeat stands as its alert's
   * source); another organization's is not found, like an unknown id.
   */
  async missingSources(orgId: string, sourceIds: unknown): Promise<string[]> {
    if (!Array.isArray(sourceIds)) return [];
    const missing: string[] = [];
    for (const id of new Set(sourceIds.filter((v): v is string => typeof v === 'string'))) {
      const found =
        (await eventSourcesView.find(this.store, orgId, id)) ?? (await heartbeatsView.find(this.store, orgId, id));
      if (!found) missing.push(id);
    }
    return missing;
  }

  async doc(orgId: string, id: string): Promise<MaintenanceDoc> {
    const doc = await maintenancesView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: MAINTENANCE_NOT_FOUND_MESSAGE });
    return doc;
  }

  async find(orgId: string, id: string): Promise<Maintenance> {
    return this.present(await this.doc(orgId, id));
  }

  /** The alert episodes it held, latest first, each as its alert stands now (summary and status only). */
  async heldAlerts(orgId: string, id: string): Promise<MaintenanceHeldAlertsResponse> {
    const doc = await this.doc(orgId, id);
    const refs = doc.suppressed.slice(-MAINTENANCE_HELD_ALERTS_SHOWN).reverse();
    const alerts =
      refs.length === 0
        ? []
        : await alertsView.select(this.store, { orgId, _id: anyOf(refs.map((ref) => ref.alertId)) }, [
            'summary',
            'status',
            'episode',
          ]);
    const byId = new Map(alerts.map((alert) => [alert._id, alert]));
    const data = refs.flatMap((ref) => {
      const alert = byId.get(ref.alertId);
      if (!alert) return [];
      return [
        {
          alert_id: ref.alertId,
          episode: ref.episode,
          summary: alert.summary,
          // an episode is followed by another only once it was resolved
          status: alert.episode === ref.episode ? alert.status : ('resolved' as const),
          source_id: ref.sourceId,
          service: ref.service ?? null,
        },
      ];
    });
    return { data, total: doc.suppressedCount };
  }

  async list(
    orgId: string,
    query: { filter?: MaintenanceListFilter; page: number; perPage: number },
  ): Promise<MaintenancesResponse> {
    const { total, docs } = await maintenancesView.ofOrg(this.store, orgId, { ...query, now: this.clock.now() });
    return {
      data: docs.map((doc) => this.present(doc)),
      pagination: {
        page: query.page,
        per_page: query.perPage,
        total,
        total_pages: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  }

  private present(doc: MaintenanceDoc): Maintenance {
    return {
      id: doc._id,
      name: doc.name,
      status: maintenanceStatusAt(doc, this.clock.now()),
      starts_at: doc.startsAt,
      ends_at: doc.endsAt,
      services: doc.services,
      source_ids: doc.sourceIds,
      announcement: doc.announcement,
      cancelled_at: doc.cancelledAt,
      ended_early_at: doc.endedEarlyAt,
      suppressed_alerts: doc.suppressedCount,
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    };
  }
}
