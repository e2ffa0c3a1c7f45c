import { ViewNames, PHONES_API } from '@tocsin/contracts';
import type { PhonesQuery, PhonesResponse } from '@tocsin/contracts';
import { PHONES_PER_PAGE } from '@tocsin/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const phonesKey = viewKey(ViewNames.phones);

export const getPhones = (query: PhonesQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PhonesResponse>(withQuery(PHONES_API, { ...query }), { signal });

/** The caller's numbers, oldest first, 20 a page (SPEC.md section 7); the previous page stays while the next loads. */
export function usePhones(page: number) {
  const query: PhonesQuery = { page, per_page: PHONES_PER_PAGE };
  return useQuery({
    queryKey: [...phonesKey, 'list', query],
    queryFn: ({ signal }) => getPhones(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
