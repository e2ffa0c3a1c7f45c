import type { Logger } from '@tocsin/platform';
import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from './mailer';

export interface MailboxEntry extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

const KEEP = 100;

/**
 * Without SMTP_URL mail is not sent: it is kept in memory (the newest 100), so a developer or a test
 * on this machine can follow an invitation link at /dev/mailbox. In production only the fact is logged: bodies carry tokens.
 */
export class DevMailbox implements Mailer {
  private readonly entries: MailboxEntry[] = [];

  constructor(
    private readonly from: string,
    private readonly logger: Logger,
    private readonly production: boolean,
    private readonly now: () => number,
  ) {}

  async send(message: MailMessage): Promise<void> {
    if (this.production) {
      this.logger.warn({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      return;
    }
    this.entries.unshift({ id: randomUUID(), from: this.from, sentAt: new Date(this.now()).toISOString(), ...message });
    this.entries.length = Math.min(this.entries.length, KEEP);
    // not the body: it carries reset and sign-up links, and logs travel further than this machine
    this.logger.info(
      { to: message.to, subject: message.subject },
      'mail kept in the dev mailbox (SMTP_URL is not set)',
    );
  }

  /** Newest first, optionally only the mail to one address. */
  list(to?: string): MailboxEntry[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.entries.filter((entry) => entry.to.toLowerCase() === wanted) : [...this.entries];
  }
}
