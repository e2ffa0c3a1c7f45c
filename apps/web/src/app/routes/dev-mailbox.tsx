import { DevMailbox } from '@/features/dev-mailbox/components/dev-mailbox';

/** /dev/mailbox: what the server kept instead of sending, for developers; public. */
export function DevMailboxRoute() {
  return <DevMailbox />;
}
