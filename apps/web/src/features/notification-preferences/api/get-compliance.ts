import { ViewNames, NOTIFICATION_COMPLIANCE_API } from '@tocsin/contracts';
import type { ComplianceResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/**
 * Under the compliance view's key: the projector's notice for it reaches the organization's room when
 * an owner changes the policy, so every open page refetches its own compliance at once.
 */
export const complianceQueryKey = viewKey(ViewNames.notificationCompliance, 'mine');

export const getCompliance = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<ComplianceResponse>(NOTIFICATION_COMPLIANCE_API, { signal })).data;

export function useCompliance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: complianceQueryKey, queryFn: getCompliance, enabled });
}
