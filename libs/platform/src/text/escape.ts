/**
 * Escaping for every format Tocsin writes text into, in one place (pages, account mail, chat, TwiML, gateway
 * bodies): text from an alert, a person or an organization lands in it as text, never as markup or a link.
 */

const ENTITY = /[&<>"']/g;

/** HTML text and attribute values: the five characters as numeric references, valid in HTML and XML alike. */
export const escapeHtml = (text: string) => text.replace(ENTITY, (char) => `&#${char.charCodeAt(0)};`);

/** XML text and attributes (TwiML, XML gateway bodies): the same five references. */
export const escapeXml = escapeHtml;

/**
 * Slack's text (the fallback `text` and `mrkdwn` blocks): Slack reads `&`, `<` and `>` as markup (`<url|label>`
 * links, `<!channel>` mentions), and asks for exactly these three entities; anything else shows as typed.
 */
export const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Markdown text (Teams' TextBlock and FactSet values, which render a Markdown subset and no HTML): the characters
 * that open a link, an image, emphasis, code or an autolink are backslash-escaped anywhere, and those that open a
 * heading, a list or a quote at the start of a line, so alert text cannot make a link or change the card's look.
 */
export const escapeMarkdown = (text: string) =>
  text
    .replace(/[\\`*_~[\]()<>|!]/g, (char) => `\\${char}`)
    .replace(/^(\s*)([#+\->=])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');

/** Only http(s) URLs are links; anything else (`javascript:`, `data:`, a relative path) is refused as null. */
export function safeLinkUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
