import { DevMailbox } from '@/features/mail/components/dev-mailbox';

/** /dev/mailbox: what the server kept instead of sending, for developers; public. */
export function DevMailboxRoute() {
  return <DevMailbox />;
}
