import { createTransport, type Transporter } from 'nodemailer';
import { delivered, failed, type Channel, type DeliveryResult, type PageMessage } from './channels.port';
import type { MailMessage } from './dev-mailbox';
import { pageEmail } from './page-text';

/**
 * Email through the SMTP server of SMTP_URL: pages, and through `mail` the rest of Tocsin's mail (sign-up, resets,
 * invitations), one transport for both. SMTP inverts
 * HTTP's convention: a 4xx reply is transient (greylisting, a full queue) and worth retrying, a 5xx is final.
 * A connection that cannot be made or times out is retried.
 */
export class EmailChannel implements Channel {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    timeoutMs: number,
  ) {
    this.transport = createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as Parameters<typeof createTransport>[0]);
  }

  send(address: string, message: PageMessage): Promise<DeliveryResult> {
    return this.mail(
      { to: address, ...pageEmail(message) },
      { 'X-Tocsin-Alert': message.alertId, 'X-Tocsin-Attempt': message.attemptId },
    );
  }

  async mail(message: MailMessage, headers: Record<string, string> = {}): Promise<DeliveryResult> {
    try {
      const info = (await this.transport.sendMail({ from: this.from, ...message, headers })) as {
        messageId?: string;
        response?: string;
      };
      return delivered(info.messageId ?? headers['X-Tocsin-Attempt'] ?? 'smtp', info.response ?? 'accepted');
    } catch (error) {
      return smtpFailure(error);
    }
  }

  close() {
    this.transport.close();
  }
}

export function smtpFailure(error: unknown): DeliveryResult {
  const { responseCode, response, code, message } = error as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  if (typeof responseCode === 'number') return failed(responseCode < 500, response ?? `${responseCode}`);
  // nodemailer's own refusals of the envelope (no recipient, a malformed address) will not change
  if (code === 'EENVELOPE') return failed(false, message ?? 'the address was refused');
  return failed(true, `${code === 'ETIMEDOUT' ? 'timeout' : 'unreachable'}: ${message ?? code ?? 'unknown error'}`);
}
