import { ENTITLEMENTS_API } from '@tocsin/contracts';
import type { QuotaEntitlementQuery, QuotaEntitlementResponse } from '@tocsin/contracts';
import type { QuotaName } from '@tocsin/domain';
import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

export type QuotaEntitlement = QuotaEntitlementResponse['data'];

export const quotaEntitlementQueryKey = (name: QuotaName) => ['entitlements', 'quota', name] as const;

/** SPEC.md section 7: GET entitlements with type quota and a name. */
export const getQuotaEntitlement = async (
  name: QuotaName,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuotaEntitlement> =>
  (
    await api.get<QuotaEntitlementResponse>(
      withQuery(ENTITLEMENTS_API, { type: 'quota', name } satisfies QuotaEntitlementQuery),
      { signal },
    )
  ).data;

/** Asked only when `name` is given. A failed answer leaves `data` empty, which counts as available (see quota.ts). */
export function useQuotaEntitlement(name: QuotaName | undefined) {
  return useQuery({
    queryKey: quotaEntitlementQueryKey(name ?? 'runbooks'),
    queryFn: ({ signal }) => getQuotaEntitlement(name ?? 'runbooks', { signal }),
    enabled: name !== undefined,
    retry: false,
    staleTime: 30_000,
  });
}
