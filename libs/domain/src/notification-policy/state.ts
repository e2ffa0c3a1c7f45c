import type { NotificationPolicyEvent, PolicyItemFields } from './events';

/** One policy item, with the organization it belongs to; null before creation and after removal. */
export interface NotificationPolicyItemState {
  item: (PolicyItemFields & { orgId: string }) | null;
}

export const initialNotificationPolicyItem = (): NotificationPolicyItemState => ({ item: null });

export function evolveNotificationPolicyItem(
  state: NotificationPolicyItemState,
  event: NotificationPolicyEvent,
): NotificationPolicyItemState {
  switch (event.type) {
    case 'PolicyItemCreated': {
      const { id: _id, ...item } = event.data;
      return { item };
    }
    case 'PolicyItemChanged': {
      if (!state.item) return state;
      const { id: _id, ...fields } = event.data;
      return { item: { ...state.item, ...fields } };
    }
    case 'PolicyItemRemoved':
      return { item: null };
  }
}
