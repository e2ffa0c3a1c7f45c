import { Inject, Injectable } from '@nestjs/common';
import {
  maintenanceCovers,
  maintenanceStream,
  serviceKey,
  type MaintenanceSettings,
  type TriggerAlert,
} from '@tocsin/domain';
import { maintenancesView, type SuppressedAlertRef } from '@tocsin/read-models';
import { alertCommand, deciders } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, EVENT_STORE, READ_STORE, type Clock, type EventStore, type ReadStore } from '../../runtime/ports';
import { currentState } from '../../shared/event-sourced';
import { systemContext } from '../../shared/request-context';

type StandingMaintenance = MaintenanceSettings & { cancelled: boolean };

/** A held alert as the release needs it: its stream and episode, what tied it to the maintenance. */
export type HeldAlert = Omit<SuppressedAlertRef, 'episode'> & { episode: number; orgId: string; maintenanceId: string };

/** The ingest log's word on a triggered alert: the maintenance that held its new episode, until when (else none). */
export const heldLogLine = (
  suppression: TriggerAlert['suppression'] | undefined,
  events: ReadonlyArray<{ type: string }>,
): { suppressed?: { maintenanceId: string; maintenanceName: string; until: string } } =>
  suppression && events.some((e) => e.type === 'AlertSuppressed')
    ? {
        suppressed: {
          maintenanceId: suppression.maintenanceId,
          maintenanceName: suppression.maintenanceName,
          until: suppression.until,
        },
      }
    : {};

/**
 * Scheduled maintenances as paging sees them (issue 21). At trigger, ingest asks which maintenance in force holds
 * the alert (its source chosen, or its `service` label naming one of the services), and so does a heartbeat's miss
 * (the heartbeat stands as its alert's source); the alert records the hold and pages nobody. Later, at the window's end or after the maintenance changed, `review` looks at the maintenance as it
 * is now and hands the facts to the alert's decider, which ends the hold (paging starts as usual), moves it, or
 * does nothing: one way out, whichever came first.
 */
@Injectable()
export class MaintenanceSuppression {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** The maintenance in force at `at` that holds an alert of this source with these labels (the one ending last), or none. */
  async holderFor(
    orgId: string,
    alert: { sourceId: string; labels: Record<string, string> },
    at: string,
  ): Promise<TriggerAlert['suppression'] | undefined> {
    const now = Date.parse(at);
    const inForce = await maintenancesView.inForce(this.store, orgId, now);
    let held: TriggerAlert['suppression'] | undefined;
    for (const doc of inForce) {
      const covered = maintenanceCovers(doc, alert, now);
      if (!covered || (held && Date.parse(held.until) >= doc.endsAtMs)) continue;
      held = { maintenanceId: doc._id, maintenanceName: doc.name, until: doc.endsAt, ...covered };
    }
    return held;
  }

  /**
   * Looks at the held alert's maintenance as its own stream says now (no view that may lag a change or an early
   * end can keep an alert held), and lets the alert's decider end or move the hold.
   */
  async review(held: HeldAlert, correlationId?: string): Promise<boolean> {
    const doc = await this.maintenance(held.orgId, held.maintenanceId);
    const at = new Date(this.clock.now()).toISOString();
    const { inForceUntil, reason } = this.standing(doc, held, Date.parse(at));
    const context = systemContext(held.orgId);
    const command = {
      type: 'ReviewSuppression' as const,
      alertId: held.alertId,
      orgId: held.orgId,
      episode: held.episode,
      maintenanceId: held.maintenanceId,
      maintenanceName: doc?.name ?? '',
      inForceUntil,
      reason,
      at,
    };
    const outcome = await this.commands.run(
      alertCommand(held.stream, command, correlationId ? { ...context, correlationId } : context),
    );
    return outcome.events.length > 0;
  }

  /** The maintenance from its stream, in `orgId` (null when there is none there). */
  private async maintenance(orgId: string, maintenanceId: string): Promise<StandingMaintenance | null> {
    const state = await currentState(this.events, maintenanceStream(maintenanceId), deciders.maintenance);
    if (state.status === 'absent' || state.orgId !== orgId || !state.settings) return null;
    return { ...state.settings, cancelled: state.status === 'cancelled' };
  }

  /** Whether the maintenance still holds the alert, and until when; if not, why. */
  private standing(doc: StandingMaintenance | null, held: HeldAlert, now: number) {
    if (!doc || doc.cancelled) return { inForceUntil: null, reason: 'cancelled' as const };
    const covered =
      doc.sourceIds.includes(held.sourceId) ||
      (held.service !== undefined && doc.services.some((s) => serviceKey(s) === serviceKey(held.service!)));
    // moved to start later, or no longer naming the alert's source or service
    if (!covered || now < Date.parse(doc.startsAt)) return { inForceUntil: null, reason: 'no_longer_covered' as const };
    return { inForceUntil: doc.endsAt, reason: 'window_ended' as const };
  }
}
