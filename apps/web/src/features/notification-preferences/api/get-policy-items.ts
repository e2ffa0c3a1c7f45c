import type { NotificationPolicyItem } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const policyItemsQueryKey = viewKey('notification-policy-items', 'list');

export const getPolicyItems = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: NotificationPolicyItem[] }>('/api/v1/signals/notification_policy_items', { signal })).data;

/** The policy as a member reads it: a row being edited is judged against it before it is saved. */
export function usePolicyItems() {
  return useQuery({ queryKey: policyItemsQueryKey, queryFn: getPolicyItems });
}
