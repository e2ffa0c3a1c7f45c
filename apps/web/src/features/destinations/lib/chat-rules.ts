import {
  CHAT_DESTINATION_KINDS,
  CHAT_DESTINATION_MESSAGES,
  CHAT_DESTINATION_NAME_MAX_LENGTH,
  webhookUrlProblem,
  type ChatDestinationKind,
} from '@tocsin/domain';
import * as yup from 'yup';

/** The server's URL rule, word for word (whether the host may be called is the server's to say). */
export const chatDestinationSchema = yup.object({
  type: yup.string<ChatDestinationKind>().oneOf(CHAT_DESTINATION_KINDS).required(),
  url: yup
    .string()
    .default('')
    .test('webhook', (value, context) => {
      const problem = webhookUrlProblem(value, false);
      return problem ? context.createError({ message: problem }) : true;
    }),
  name: yup.string().default('').max(CHAT_DESTINATION_NAME_MAX_LENGTH, CHAT_DESTINATION_MESSAGES.name),
});

export const CHAT_LABELS: Record<ChatDestinationKind, string> = { slack: 'Slack', microsoft_teams: 'Microsoft Teams' };

/** Where each chat makes an incoming webhook, said in the dialog. */
export const WEBHOOK_HELP: Record<ChatDestinationKind, string> = {
  slack: 'In Slack, add the Incoming Webhooks app to a channel (or your own direct messages) and copy its URL.',
  microsoft_teams:
    'In Teams, add an incoming webhook (or a Workflows "post to a channel when a webhook request is received") and copy its URL.',
};
