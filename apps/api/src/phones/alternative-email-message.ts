import { escapeHtml } from '@tocsin/platform';
import type { MailMessage } from '../mail/mailer';

/** The verification email: the one link, how long it works, and what to do when it was not you. */
export function alternativeEmailMessage(input: {
  to: string;
  name: string;
  verifyUrl: string;
  expiresAt: string;
}): MailMessage {
  const expires = new Date(input.expiresAt).toUTCString();
  const text = [
    `Hello ${input.name},`,
    '',
    `Confirm that Tocsin may send alerts to this address: ${input.verifyUrl}`,
    '',
    `The link expires on ${expires}. If you did not add this address to a Tocsin account, ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p><a href="${escapeHtml(input.verifyUrl)}">Confirm that Tocsin may send alerts to this address</a></p>`,
    `<p>The link expires on ${escapeHtml(expires)}. If you did not add this address to a Tocsin account, ignore this email.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'Confirm your alternative email for Tocsin', text, html };
}
