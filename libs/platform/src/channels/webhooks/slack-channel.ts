import { type Channel, type ChatNotice, type PageMessage } from '../channels.port';
import type { EgressOptions } from '../egress';
import { pageLinks, pageTitle } from '../page-text';
import { escapeSlack } from '../../text/escape';
import { postToWebhook } from './webhook-post';

/** Block Kit: the summary, the labels, and link buttons to the signed acknowledge / resolve URLs. */
export function slackPayload(message: PageMessage) {
  const labels = Object.entries(message.labels).slice(0, 10);
  return {
    // the fallback text (notifications, old clients) is mrkdwn too: `<url|label>` in an alert must stay text
    text: escapeSlack(`${message.orgName}: ${pageTitle(message)}`),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${escapeSlack(pageTitle(message))}*\n${escapeSlack(message.orgName)}` },
      },
      ...(labels.length > 0
        ? [
            {
              type: 'section',
              fields: labels.map(([key, value]) => ({
                type: 'mrkdwn',
                text: `*${escapeSlack(key)}*\n${escapeSlack(value)}`,
              })),
            },
          ]
        : []),
      {
        type: 'actions',
        elements: pageLinks(message).map((link) => ({
          type: 'button',
          text: { type: 'plain_text', text: link.title },
          ...(link.id === 'acknowledge' ? { style: 'primary' } : {}),
          url: link.url,
          action_id: link.id,
        })),
      },
    ],
  };
}

/** A Slack incoming webhook: the address is the webhook URL; Slack answers 200 "ok" and keeps no id for us. */
export class SlackChannel implements Channel {
  constructor(
    private readonly egress: EgressOptions,
    private readonly requireHttps: boolean,
  ) {}

  private get options() {
    return { egress: this.egress, requireHttps: this.requireHttps };
  }

  async send(address: string, message: PageMessage) {
    return postToWebhook(address, message.attemptId, slackPayload(message), this.options);
  }

  /** A message that is no page (a destination's verification code): plain text, escaped. */
  async notice(address: string, notice: ChatNotice) {
    const text = escapeSlack(notice.text);
    return postToWebhook(
      address,
      notice.id,
      { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] },
      this.options,
    );
  }
}
