import { escapeHtml } from '@tocsin/platform';
import type { MailMessage } from '../mail/mailer';

/** The reset email: the one link, how long it works, and what to do when the request was not yours. */
export function passwordResetEmail(input: {
  to: string;
  name: string;
  resetUrl: string;
  expiresAt: string;
}): MailMessage {
  const expires = new Date(input.expiresAt).toUTCString();
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to reset the password of your Tocsin account. Choose a new password here: ${input.resetUrl}`,
    '',
    `The link works once and expires on ${expires}. If you did not ask for it, ignore this email: your password stays as it is.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Someone asked to reset the password of your Tocsin account.</p>`,
    `<p><a href="${escapeHtml(input.resetUrl)}">Choose a new password</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'Reset your Tocsin password', text, html };
}
