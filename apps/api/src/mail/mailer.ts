/** An outgoing email. `text` is always sent; `html` is the richer variant when there is one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port: SMTP when SMTP_URL is set, otherwise the dev mailbox (mail.module.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');
