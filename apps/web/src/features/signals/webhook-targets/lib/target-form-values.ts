import * as yup from 'yup';
import type { WebhookTarget, WebhookTargetRequest } from '@tocsin/contracts';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES_MESSAGE,
  WEBHOOK_TARGET_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_MESSAGE,
  type WebhookEventType,
} from '@tocsin/domain';

export const EVENT_TYPE_LABELS: Record<WebhookEventType, string> = {
  'alert.triggered': 'Triggered',
  'alert.acknowledged': 'Acknowledged',
  'alert.resolved': 'Resolved',
  'alert.escalated': 'Escalated',
  'alert.reassigned': 'Reassigned',
};

const callable = (value: string | undefined) => {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** The decider's rules and words; whether an address may be called (https, no private address) the API says. */
export const targetSchema = yup.object({
  name: yup.string().label('name').trim().required().max(WEBHOOK_TARGET_NAME_MAX_LENGTH),
  url: yup
    .string()
    .label('url')
    .trim()
    .required()
    .max(WEBHOOK_URL_MAX_LENGTH)
    .test('url', WEBHOOK_URL_MESSAGE, callable),
  event_types: yup
    .array(
      yup
        .mixed<WebhookEventType>()
        .oneOf([...WEBHOOK_EVENT_TYPES])
        .required(),
    )
    .min(1, WEBHOOK_EVENT_TYPES_MESSAGE)
    .required(WEBHOOK_EVENT_TYPES_MESSAGE),
  team_ids: yup.array(yup.string().required()).required(),
});

export type TargetFormValues = yup.InferType<typeof targetSchema>;

/** A new target asks for every lifecycle event of every team until narrowed. */
export const targetFormValues = (target?: WebhookTarget): TargetFormValues => ({
  name: target?.name ?? '',
  url: target?.url ?? '',
  event_types: target?.event_types ?? [...WEBHOOK_EVENT_TYPES],
  team_ids: target?.team_ids ?? [],
});

export const targetRequest = (values: TargetFormValues): WebhookTargetRequest => ({
  name: values.name.trim(),
  url: values.url.trim(),
  event_types: values.event_types,
  team_ids: values.team_ids,
});
