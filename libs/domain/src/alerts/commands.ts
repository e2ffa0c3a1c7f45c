import type { AlertActor, AlertContent } from './events';

/** An alert arrived from a source: a new episode, or a duplicate of the open one. */
export interface TriggerAlert extends AlertContent {
  type: 'TriggerAlert';
  /** Chosen by the server from the stream name, never by a client. */
  alertId: string;
  orgId: string;
  sourceId: string;
  dedupKey: string;
  at: string;
}

/** Acknowledge or resolve. `episode`, when given (signed links), must be the open one. */
export interface MoveAlert {
  type: 'AcknowledgeAlert' | 'ResolveAlert';
  alertId: string;
  orgId: string;
  by: AlertActor;
  at: string;
  episode?: number;
}

export type AlertCommand = TriggerAlert | MoveAlert;
