import type { OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Delivers through the SMTP server of SMTP_URL (credentials, port and TLS come from the URL). */
export class SmtpMailer implements Mailer, OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  onModuleDestroy() {
    this.transport.close();
  }
}
