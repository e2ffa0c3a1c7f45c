import { DEV_MAILBOX_API } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, withQuery } from '@/lib/api-client';

/** One message the server kept instead of sending (apps/api/src/mail/dev-mailbox.ts). */
export interface MailboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** A developer waits for a mail while following a flow in another tab: a short poll keeps the list fresh. */
const POLL_MS = 3000;

export const getMailbox = async (to: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: MailboxMessage[] }>(withQuery(DEV_MAILBOX_API, { to }), { signal })).data;

/** Null when the server has no dev mailbox (SMTP is configured, or production). */
export function useMailbox(to: string) {
  return useQuery({
    queryKey: ['dev-mailbox', to],
    queryFn: async ({ signal }) => {
      try {
        return await getMailbox(to, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: POLL_MS,
  });
}
