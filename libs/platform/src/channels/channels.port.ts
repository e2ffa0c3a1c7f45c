import type { NotificationType } from '@tocsin/domain';

/**
 * Where a page goes (ARCHITECTURE.md, "Signals"): one port, an adapter per kind chosen by configuration alone
 * (channels-for.ts). The kinds are the users' notification types (libs/domain), one list.
 */
export type ChannelKind = NotificationType;

export interface PageMessage {
  alertId: string;
  episode: number;
  /** Recorded in NotificationAttempted before the call; sent along where a provider keeps an id of ours. */
  attemptId: string;
  orgName: string;
  summary: string;
  priority: 'HIGH' | 'MEDIUM' | 'LOW';
  labels: Record<string, string>;
  alertUrl: string;
  /** Signed links (libs/domain signals/paging/action-links.ts). */
  acknowledgeUrl: string;
  resolveUrl: string;
  /** What an SMS reply names: "ACK <code>" / "RES <code>". */
  shortCode: string;
}

/**
 * The provider's word on one attempt. `retryable`: worth trying again later (5xx, 429, timeouts, unreachable,
 * SMTP 4xx); not: the request itself is wrong and will stay wrong (4xx, a refused address, an unconfigured
 * channel). `answer` is the provider's own text, shortened, shown on the alert's timeline.
 */
export type DeliveryResult =
  { ok: true; providerMessageId: string; answer: string } | { ok: false; retryable: boolean; answer: string };

/** A chat message that is no page (a destination's verification code): `id` stands for the provider's message id. */
export interface ChatNotice {
  id: string;
  title: string;
  text: string;
}

/** A message that is no page (a shift reminder, a schedule change), for any kind a person can choose. */
export interface Notice {
  title: string;
  text: string;
  /** Where to read more, for the kinds that carry a link apart from the text (push). */
  url?: string;
}

export interface Channels {
  send(kind: ChannelKind, address: string, message: PageMessage): Promise<DeliveryResult>;
}

/** One kind's adapter; `Channels` routes each kind to one. */
export interface Channel {
  send(address: string, message: PageMessage): Promise<DeliveryResult>;
}

const ANSWER_LIMIT = 500;

export const delivered = (providerMessageId: string, answer: string): DeliveryResult => ({
  ok: true,
  providerMessageId,
  answer: shorten(answer),
});

export const failed = (retryable: boolean, answer: string): DeliveryResult => ({
  ok: false,
  retryable,
  answer: shorten(answer),
});

export function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > ANSWER_LIMIT ? `${flat.slice(0, ANSWER_LIMIT - 1)}…` : flat;
}

/** HTTP providers: 408, 425, 429 and 5xx are worth retrying; any other 4xx will fail the same way again. */
export const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/** A failed HTTP answer as the timeline shows it: the status and the provider's own words. */
export const failedStatus = (status: number, body: string): DeliveryResult =>
  failed(retryableStatus(status), `${status} ${body}`.trim());
