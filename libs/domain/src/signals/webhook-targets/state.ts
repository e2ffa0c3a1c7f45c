import type { WebhookDeliveryEvent, WebhookTargetEvent, WebhookTargetSettings } from './events';

export interface WebhookTargetState {
  /** 'deleted' keeps the id taken. */
  status: 'absent' | 'active' | 'paused' | 'deleted';
  orgId: string | null;
  settings: WebhookTargetSettings | null;
  rotating: boolean;
  /** Failed tries in a row, and when the first of them failed. */
  failures: number;
  failingSince: string | null;
}

export const initialWebhookTarget = (): WebhookTargetState => ({
  status: 'absent',
  orgId: null,
  settings: null,
  rotating: false,
  failures: 0,
  failingSince: null,
});

export function evolveWebhookTarget(state: WebhookTargetState, event: WebhookTargetEvent): WebhookTargetState {
  switch (event.type) {
    case 'WebhookTargetCreated': {
      const { orgId, name, url, eventTypes, teamIds } = event.data;
      return { ...initialWebhookTarget(), status: 'active', orgId, settings: { name, url, eventTypes, teamIds } };
    }
    case 'WebhookTargetChanged': {
      const { name, url, eventTypes, teamIds } = event.data;
      return { ...state, settings: { name, url, eventTypes, teamIds } };
    }
    case 'WebhookTargetSecretRotated':
      return { ...state, rotating: true };
    case 'WebhookTargetRotationFinished':
      return { ...state, rotating: false };
    case 'WebhookTargetFailed':
      return { ...state, failures: event.data.failures, failingSince: event.data.since };
    case 'WebhookTargetRecovered':
      return { ...state, failures: 0, failingSince: null };
    case 'WebhookTargetPaused':
      return { ...state, status: 'paused' };
    case 'WebhookTargetResumed':
      return { ...state, status: 'active', failures: 0, failingSince: null };
    case 'WebhookTargetDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** One event's delivery to one target: the round under way and whether it went through. */
export interface WebhookDeliveryState {
  targetId: string | null;
  orgId: string | null;
  round: number;
  /** Tries made in the current round. */
  attempts: number;
  delivered: boolean;
}

export const initialWebhookDelivery = (): WebhookDeliveryState => ({
  targetId: null,
  orgId: null,
  round: 0,
  attempts: 0,
  delivered: false,
});

export function evolveWebhookDelivery(state: WebhookDeliveryState, event: WebhookDeliveryEvent): WebhookDeliveryState {
  switch (event.type) {
    case 'WebhookDeliveryAttempted':
      return {
        targetId: event.data.targetId,
        orgId: event.data.orgId,
        round: event.data.round,
        attempts: event.data.attempt,
        delivered: state.delivered || event.data.ok,
      };
    case 'WebhookRedeliveryRequested':
      return { ...state, round: event.data.round, attempts: 0, delivered: false };
  }
}
