import type { ChannelRouter, MailMessage } from '@tocsin/platform';

export type { MailMessage };

/** The mail port of the areas that send account mail: the channels' email transport, or the dev mailbox. */
export interface Mailer {
  /** Throws `MailNotSent` with the server's answer when the mail was not taken. */
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');

export class MailNotSent extends Error {
  constructor(readonly answer: string) {
    super(`The email could not be sent: ${answer}`);
    this.name = 'MailNotSent';
  }
}

export const mailerOver = (channels: ChannelRouter): Mailer => ({
  async send(message) {
    const result = await channels.mail(message);
    if (!result.ok) throw new MailNotSent(result.answer);
  },
});
