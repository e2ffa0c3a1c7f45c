import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';

/** An outgoing email. `text` is always sent; `html` is the richer variant when there is one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailboxEntry extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

const KEEP = 100;

/**
 * The dev counterpart of every channel outside production: what would have been sent (account mail, verification
 * codes, pages of a kind with no provider) is kept in memory, the newest 100, so a developer or a test on this
 * machine reads it at GET /api/v1/dev/mailbox?to=<address>. Only the fact is logged: bodies carry tokens and codes.
 */
export class DevMailbox {
  private readonly entries: MailboxEntry[] = [];

  constructor(
    private readonly from: string,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  async keep(message: MailMessage): Promise<void> {
    this.entries.unshift({ id: randomUUID(), from: this.from, sentAt: new Date(this.now()).toISOString(), ...message });
    this.entries.length = Math.min(this.entries.length, KEEP);
    // not the body: it carries reset and sign-up links, and logs travel further than this machine
    this.logger.info({ to: message.to, subject: message.subject }, 'kept in the dev mailbox (no provider configured)');
  }

  /** Newest first, optionally only what went to one address. */
  list(to?: string): MailboxEntry[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.entries.filter((entry) => entry.to.toLowerCase() === wanted) : [...this.entries];
  }
}
