import { ViewNames, ALTERNATIVE_EMAILS_API } from '@tocsin/contracts';
import type { AlternativeEmail } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const alternativeEmailsKey = viewKey(ViewNames.alternativeEmails);

export const getAlternativeEmails = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: AlternativeEmail[] }>(ALTERNATIVE_EMAILS_API, { signal })).data;

/** Refetched when the window regains focus, so a link verified in another tab shows on return. */
export function useAlternativeEmails() {
  return useQuery({ queryKey: alternativeEmailsKey, queryFn: getAlternativeEmails });
}
