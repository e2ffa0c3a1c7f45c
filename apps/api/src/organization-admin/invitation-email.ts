import { escapeHtml } from '@tocsin/platform';
import type { MailMessage } from '../mail/mailer';

/** The invitation email: who invites, to which organization, with which role, and the one link that accepts. */
export function invitationEmail(input: {
  to: string;
  organizationName: string;
  inviterName: string | null;
  role: string;
  acceptUrl: string;
  expiresAt: string;
}): MailMessage {
  const who = input.inviterName ?? 'Someone';
  const expires = new Date(input.expiresAt).toUTCString();
  const subject = `${who} invited you to ${input.organizationName} on Tocsin`;
  const text = [
    `${who} invited you to join ${input.organizationName} on Tocsin as ${input.role}.`,
    '',
    `Accept the invitation: ${input.acceptUrl}`,
    '',
    `The link works once and expires on ${expires}. If you did not expect it, ignore this email.`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(input.organizationName)}</strong> on Tocsin as ${escapeHtml(input.role)}.</p>`,
    `<p><a href="${escapeHtml(input.acceptUrl)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not expect it, ignore this email.</p>`,
  ].join('\n');
  return { to: input.to, subject, text, html };
}
