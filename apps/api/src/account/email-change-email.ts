import { escapeHtml } from '@tocsin/platform';
import type { MailMessage } from '../mail/mailer';

/** To the new address: the one link that makes it the sign-in email, and how long it works. */
export function emailChangeConfirmEmail(input: {
  to: string;
  name: string;
  confirmUrl: string;
  expiresAt: string;
}): MailMessage {
  const expires = new Date(input.expiresAt).toUTCString();
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to make ${input.to} the sign-in email of your Tocsin account. Confirm it here: ${input.confirmUrl}`,
    '',
    `Your email changes only once you follow the link. It works once and expires on ${expires}. If you did not ask for this, ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Someone asked to make ${escapeHtml(input.to)} the sign-in email of your Tocsin account.</p>`,
    `<p><a href="${escapeHtml(input.confirmUrl)}">Confirm your new email</a></p>`,
    `<p>Your email changes only once you follow the link. It works once and expires on ${escapeHtml(expires)}. If you did not ask for this, ignore this email.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'Confirm your new Tocsin email', text, html };
}

/** To the old address once the change is made, so a change the owner did not make does not go unnoticed. */
export function emailChangedNotice(input: {
  to: string;
  name: string;
  newEmail: string;
  forgotPasswordUrl: string;
}): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    `The sign-in email of your Tocsin account was changed from ${input.to} to ${input.newEmail}. Tocsin will no longer send account email to this address.`,
    '',
    `If you did not make this change, reset your password now (${input.forgotPasswordUrl}) and contact your organization administrator.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>The sign-in email of your Tocsin account was changed from ${escapeHtml(input.to)} to ${escapeHtml(input.newEmail)}. Tocsin will no longer send account email to this address.</p>`,
    `<p>If you did not make this change, <a href="${escapeHtml(input.forgotPasswordUrl)}">reset your password now</a> and contact your organization administrator.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'Your Tocsin email was changed', text, html };
}
