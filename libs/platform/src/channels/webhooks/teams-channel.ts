import { failedStatus, type Channel, type ChatNotice, type PageMessage } from '../channels.port';
import type { EgressResponse } from '../egress';
import type { EgressOptions } from '../egress';
import { pageLinks, pageTitle } from '../page-text';
import { escapeMarkdown } from '../../text/escape';
import { postToWebhook } from './webhook-post';

/** The Office 365 connector answers 200 even when Teams refused the card, naming Teams' status in the text. */
function refusedInText(response: EgressResponse) {
  const refused = /returned HTTP error (\d{3})/.exec(response.body);
  return refused ? failedStatus(Number(refused[1]), response.body) : null;
}

const COLOURS = { HIGH: 'attention', MEDIUM: 'warning', LOW: 'default' } as const;

/**
 * An Adaptive Card in the message envelope both Teams incoming webhooks take (the Office 365 connector and the
 * Workflows "post to a channel when a webhook request is received" that replaces it), with Action.OpenUrl buttons
 * to the signed acknowledge / resolve links.
 */
export function teamsPayload(message: PageMessage) {
  // TextBlock and FactSet render Markdown: alert text is escaped so it cannot make a link or restyle the card
  return {
    type: 'message',
    summary: pageTitle(message),
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: escapeMarkdown(message.orgName), isSubtle: true, wrap: true },
            {
              type: 'TextBlock',
              text: escapeMarkdown(pageTitle(message)),
              weight: 'Bolder',
              size: 'Medium',
              color: COLOURS[message.priority],
              wrap: true,
            },
            {
              type: 'FactSet',
              facts: Object.entries(message.labels)
                .slice(0, 10)
                .map(([title, value]) => ({ title: escapeMarkdown(title), value: escapeMarkdown(value) })),
            },
          ],
          actions: pageLinks(message).map(({ title, url }) => ({ type: 'Action.OpenUrl', title, url })),
        },
      },
    ],
  };
}

/** A Teams incoming webhook: the address is the webhook URL; 200/202 means taken (unless the text says otherwise), no id is given back. */
export class TeamsChannel implements Channel {
  constructor(
    private readonly egress: EgressOptions,
    private readonly requireHttps: boolean,
  ) {}

  private get options() {
    return { egress: this.egress, requireHttps: this.requireHttps };
  }

  async send(address: string, message: PageMessage) {
    return postToWebhook(address, message.attemptId, teamsPayload(message), this.options, refusedInText);
  }

  /** A message that is no page (a destination's verification code): one escaped TextBlock. */
  async notice(address: string, notice: ChatNotice) {
    const card = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [{ type: 'TextBlock', text: escapeMarkdown(notice.text), wrap: true }],
    };
    const payload = {
      type: 'message',
      summary: notice.title,
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
    };
    return postToWebhook(address, notice.id, payload, this.options, refusedInText);
  }
}
