import { randomUUID } from 'node:crypto';
import { delivered, failed, type Channel, type ChannelKind, type PageMessage } from './channels.port';
import type { MailMessage } from './dev-mailbox';
import { pageEmail, pageSms, pageSpoken } from './page-text';

/** Where the dev counterpart keeps what it was given: the dev mailbox (GET /api/v1/dev/mailbox?to=...). */
export type DevOutbox = (mail: MailMessage) => Promise<void>;

/**
 * A kind with no provider configured. Outside production the page is kept in the dev mailbox, addressed to the
 * destination (subject `[sms] ...`, `[slack] ...`), so `npm start` shows pages without any provider; in
 * production it fails, not retryable, naming what to configure, so the timeline says why and paging moves on to
 * the person's next method.
 */
export class DevChannel implements Channel {
  constructor(
    private readonly kind: ChannelKind,
    private readonly missing: string,
    private readonly outbox: DevOutbox | null,
  ) {}

  async send(address: string, message: PageMessage) {
    if (!this.outbox) return failed(false, `${this.kind} is not configured: set ${this.missing}`);
    const email = pageEmail(message);
    const text =
      this.kind === 'email'
        ? email.text
        : this.kind === 'voice'
          ? pageSpoken(message)
          : `${pageSms(message)}\n\n${email.text}`;
    await this.outbox({
      to: address,
      subject: `[${this.kind}] ${email.subject}`,
      text,
      ...(this.kind === 'email' ? { html: email.html } : {}),
    });
    return delivered(`dev-${randomUUID()}`, `kept in the dev mailbox (${this.missing} not set)`);
  }
}
