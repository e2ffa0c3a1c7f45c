import type { EventSourceEvent, EventSourceFormat, EventSourceSettings } from './events';

export interface EventSourceState {
  /** 'deleted' keeps the id taken. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  format: EventSourceFormat | null;
  settings: EventSourceSettings | null;
  signed: boolean;
}

export const initialEventSource = (): EventSourceState => ({
  status: 'absent',
  orgId: null,
  format: null,
  settings: null,
  signed: false,
});

export function evolveEventSource(state: EventSourceState, event: EventSourceEvent): EventSourceState {
  switch (event.type) {
    case 'EventSourceCreated': {
      const { orgId, format, signingSecret, name, teamId, escalationPolicyId, rateLimitPerMinute, autoResolveMinutes } =
        event.data;
      const settings = { name, teamId, escalationPolicyId, rateLimitPerMinute, autoResolveMinutes };
      return { status: 'active', orgId, format, settings, signed: signingSecret !== null };
    }
    case 'EventSourceChanged': {
      const { name, teamId, escalationPolicyId, rateLimitPerMinute, autoResolveMinutes } = event.data;
      return { ...state, settings: { name, teamId, escalationPolicyId, rateLimitPerMinute, autoResolveMinutes } };
    }
    case 'EventSourceTokenRotated':
      return state;
    case 'EventSourceSigningSecretChanged':
      return { ...state, signed: event.data.signingSecret !== null };
    case 'EventSourceDeleted':
      return { ...state, status: 'deleted' };
  }
}
