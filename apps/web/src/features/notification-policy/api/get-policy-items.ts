import { NOTIFICATION_POLICY_ITEMS_API, ViewNames } from '@tocsin/contracts';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** Under the policy view's key: another owner's change reaches the organization's room and refetches it. */
export const policyItemsQueryKey = viewKey(ViewNames.notificationPolicyItems, 'list');

export const getPolicyItems = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: NotificationPolicyItem[] }>(NOTIFICATION_POLICY_ITEMS_API, { signal })).data;

export function usePolicyItems() {
  return useQuery({ queryKey: policyItemsQueryKey, queryFn: getPolicyItems });
}
