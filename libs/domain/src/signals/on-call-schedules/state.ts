import type { OnCallScheduleEvent, ShiftSwap } from './events';
import type { ScheduleDefinition } from './model';

export interface OnCallScheduleState {
  /** 'deleted' keeps the id taken. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  teamId: string | null;
  name: string;
  definition: ScheduleDefinition;
  swaps: Record<string, ShiftSwap>;
}

export const initialOnCallSchedule = (): OnCallScheduleState => ({
  status: 'absent',
  orgId: null,
  teamId: null,
  name: '',
  definition: { timeZone: 'UTC', layers: [], overrides: [], temporarySchedules: [] },
  swaps: {},
});

export function evolveOnCallSchedule(state: OnCallScheduleState, event: OnCallScheduleEvent): OnCallScheduleState {
  switch (event.type) {
    case 'OnCallScheduleCreated': {
      const { orgId, teamId, name, definition } = event.data;
      return { ...state, status: 'active', orgId, teamId, name, definition };
    }
    case 'OnCallScheduleChanged':
      return { ...state, name: event.data.name, definition: event.data.definition };
    case 'OnCallScheduleDeleted':
      return { ...state, status: 'deleted' };
    case 'ScheduleOverrideAdded':
    case 'ScheduleOverrideRemoved':
    case 'TemporaryScheduleAdded':
    case 'TemporaryScheduleRemoved':
      return { ...state, definition: event.data.definition };
    case 'ShiftSwapRequested': {
      const { swapId, requesterId, start, end, note } = event.data;
      const swap: ShiftSwap = {
        swapId,
        requesterId,
        start,
        end,
        note,
        status: 'open',
        takerId: null,
        assignedBy: null,
        overrideId: null,
      };
      return { ...state, swaps: { ...state.swaps, [swapId]: swap } };
    }
    case 'ShiftSwapTaken': {
      const { swapId, takerId, assignedBy, override, definition } = event.data;
      const swap = state.swaps[swapId];
      return {
        ...state,
        definition,
        swaps: swap
          ? { ...state.swaps, [swapId]: { ...swap, status: 'taken', takerId, assignedBy, overrideId: override.id } }
          : state.swaps,
      };
    }
    case 'ShiftSwapCancelled': {
      const swap = state.swaps[event.data.swapId];
      return swap ? { ...state, swaps: { ...state.swaps, [swap.swapId]: { ...swap, status: 'cancelled' } } } : state;
    }
    case 'ScheduleFeedTokenRotated':
      return state;
  }
}
