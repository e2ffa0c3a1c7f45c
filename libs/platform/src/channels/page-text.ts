import { escapeHtml, safeLinkUrl } from '../text/escape';
import type { PageMessage } from './channels.port';

/**
 * What each kind of page says, in one place so the channels word a page the same way. The signed links go
 * wherever a person can click; SMS also names the short code a reply uses; a call says only what a listener can
 * take in (the summary and how to acknowledge by the other channels).
 */
const labelLines = (message: PageMessage) =>
  Object.entries(message.labels)
    .slice(0, 20)
    .map(([key, value]) => `${key}: ${value}`);

export const pageTitle = (message: PageMessage) => `[${message.priority}] ${message.summary}`;

/**
 * One SMS or WhatsApp message: the summary cut short, the reply format, and both signed links (the issue asks for
 * one-click acknowledge and resolve in SMS too), a few segments that the provider joins again.
 */
export function pageSms(message: PageMessage): string {
  const summary = message.summary.length > 100 ? `${message.summary.slice(0, 99)}…` : message.summary;
  return [
    `Tocsin ${message.orgName} [${message.priority}] ${summary}`,
    `Reply ACK ${message.shortCode} to acknowledge, RES ${message.shortCode} to resolve.`,
    `Ack: ${message.acknowledgeUrl}`,
    `Resolve: ${message.resolveUrl}`,
  ].join('\n');
}

/** What a voice call says, twice: a person picking up often misses the start. */
export function pageSpoken(message: PageMessage): string {
  const once = `Tocsin alert for ${message.orgName}, ${message.priority.toLowerCase()} priority. ${message.summary}.`;
  return `${once} Again: ${once} Acknowledge it from the text message or the app.`;
}

export function pageEmail(message: PageMessage): { subject: string; text: string; html: string } {
  const text = [
    `${message.orgName}: ${message.summary}`,
    `Priority: ${message.priority}`,
    ...labelLines(message),
    '',
    `Acknowledge: ${message.acknowledgeUrl}`,
    `Resolve: ${message.resolveUrl}`,
    `Open the alert: ${message.alertUrl}`,
  ].join('\n');
  const labels = labelLines(message)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('');
  const html = [
    `<p><strong>${escapeHtml(message.orgName)}</strong>: ${escapeHtml(message.summary)}</p>`,
    `<p>Priority: ${message.priority}</p>`,
    labels ? `<ul>${labels}</ul>` : '',
    `<p><a href="${escapeHtml(message.acknowledgeUrl)}">Acknowledge</a> · `,
    `<a href="${escapeHtml(message.resolveUrl)}">Resolve</a> · `,
    `<a href="${escapeHtml(message.alertUrl)}">Open the alert</a></p>`,
  ].join('');
  return { subject: `Tocsin ${pageTitle(message)}`, text, html };
}

/** The page's buttons in chat: only http(s) links (PUBLIC_URL makes them; a chat client would open any scheme). */
export const pageLinks = (message: PageMessage) =>
  [
    { id: 'acknowledge', title: 'Acknowledge', url: safeLinkUrl(message.acknowledgeUrl) },
    { id: 'resolve', title: 'Resolve', url: safeLinkUrl(message.resolveUrl) },
    { id: 'open', title: 'Open', url: safeLinkUrl(message.alertUrl) },
  ].filter((link): link is { id: string; title: string; url: string } => link.url !== null);
