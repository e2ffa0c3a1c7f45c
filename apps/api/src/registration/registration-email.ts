import { escapeHtml } from '@tocsin/platform';
import type { MailMessage } from '../mail/mailer';

/** Step one of sign-up: the one link that finishes it, and how long it works. */
export function registrationEmail(input: {
  to: string;
  name: string;
  completeUrl: string;
  expiresAt: string;
}): MailMessage {
  const expires = new Date(input.expiresAt).toUTCString();
  const text = [
    `Hello ${input.name},`,
    '',
    `Finish creating your Tocsin account here: ${input.completeUrl}`,
    '',
    `The link works once and expires on ${expires}. If you did not sign up for Tocsin, ignore this email: no account is created.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p><a href="${escapeHtml(input.completeUrl)}">Finish creating your Tocsin account</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not sign up for Tocsin, ignore this email: no account is created.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'Finish creating your Tocsin account', text, html };
}

/** Step one for an address that already has an account: no new account, a way in instead. */
export function alreadyRegisteredEmail(input: {
  to: string;
  name: string;
  signInUrl: string;
  forgotPasswordUrl: string;
}): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to create a Tocsin account for ${input.to}, but this address already has one. Sign in here: ${input.signInUrl}`,
    '',
    `Forgot your password? Reset it here: ${input.forgotPasswordUrl}. If you did not ask for this, ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Someone asked to create a Tocsin account for ${escapeHtml(input.to)}, but this address already has one.</p>`,
    `<p><a href="${escapeHtml(input.signInUrl)}">Sign in</a> or <a href="${escapeHtml(input.forgotPasswordUrl)}">reset your password</a>.</p>`,
    `<p>If you did not ask for this, ignore this email.</p>`,
  ].join('\n');
  return { to: input.to, subject: 'You already have a Tocsin account', text, html };
}
