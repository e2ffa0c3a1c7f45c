import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import type { AlertActor, AlertContent } from './events';
import type { PagingCommand } from '../paging/commands';
import type { RoutingDecision } from './routing';
import type { AlertGrouping } from '../alert-grouping/groups';

/** An alert arrived from a source: a new episode, or a duplicate of the open one. */
export interface TriggerAlert extends AlertContent {
  type: 'TriggerAlert';
  /** Chosen by the server from the stream name, never by a client. */
  alertId: string;
  orgId: string;
  sourceId: string;
  dedupKey: string;
  at: string;
  /**
   * Routing as decided for this payload (the caller runs `routeAlert` on the team's rules first; a drop never
   * becomes a command). Used only when the payload opens a new episode: a duplicate keeps its episode's.
   */
  routing: Exclude<RoutingDecision, { kind: 'drop' }>;
  policy: EscalationPolicySnapshot | null;
  /** The group the new episode opened or joined (decided on the group key's stream first); a member is not paged. */
  grouping?: AlertGrouping;
  /** A scheduled maintenance in force covers the alert: a new episode is recorded suppressed until its end. */
  suppression?: { maintenanceId: string; maintenanceName: string; until: string; service?: string };
}

/** Acknowledge or resolve. `episode`, when given (signed links), must be the open one. */
export interface MoveAlert {
  type: 'AcknowledgeAlert' | 'ResolveAlert';
  alertId: string;
  orgId: string;
  by: AlertActor;
  at: string;
  episode?: number;
  /** Moved with this group (acknowledging or resolving the group moves each of its alerts). */
  groupId?: string;
}

export type AlertCommand = TriggerAlert | MoveAlert | PagingCommand;
