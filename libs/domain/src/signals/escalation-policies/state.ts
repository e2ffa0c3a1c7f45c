import type { EscalationPolicyEvent, EscalationPolicyFields } from './events';

export interface EscalationPolicyState {
  /** 'deleted' keeps the id taken: a deleted policy's id is never reused. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  teamId: string | null;
  fields: EscalationPolicyFields;
}

export const initialEscalationPolicy = (): EscalationPolicyState => ({
  status: 'absent',
  orgId: null,
  teamId: null,
  fields: { name: '', steps: [], repeat: 0, ackReminderMinutes: null },
});

export function evolveEscalationPolicy(
  state: EscalationPolicyState,
  event: EscalationPolicyEvent,
): EscalationPolicyState {
  switch (event.type) {
    case 'EscalationPolicyCreated': {
      const { orgId, teamId, name, steps, repeat, ackReminderMinutes } = event.data;
      return { status: 'active', orgId, teamId, fields: { name, steps, repeat, ackReminderMinutes } };
    }
    case 'EscalationPolicyChanged': {
      const { name, steps, repeat, ackReminderMinutes } = event.data;
      return { ...state, fields: { name, steps, repeat, ackReminderMinutes } };
    }
    case 'EscalationPolicyDeleted':
      return { ...state, status: 'deleted' };
  }
}
