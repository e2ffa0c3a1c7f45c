/** How a source's payloads are read (issue 9, "Ingestion"): each has its own ingest URL under the token. */
export const EVENT_SOURCE_FORMATS = ['generic', 'alertmanager', 'pagerduty'] as const;
export type EventSourceFormat = (typeof EVENT_SOURCE_FORMATS)[number];

/** What an owner sets on a source and may change later. */
export interface EventSourceSettings {
  name: string;
  /** Where an alert no rule matched goes. */
  teamId: string;
  escalationPolicyId: string | null;
  /** Alerts a minute this source may send; counted before checking, beyond it 429. */
  rateLimitPerMinute: number;
  /** Minutes without a repeat after which an open alert resolves itself; null: never. */
  autoResolveMinutes: number | null;
}

/**
 * `tokenHash` is the SHA-256 of the secret ingest token (the token itself is shown once and never stored);
 * `tokenHint` its last four characters, so a person can tell which URL a tool holds.
 */
export type EventSourceCreated = {
  type: 'EventSourceCreated';
  data: {
    sourceId: string;
    orgId: string;
    format: EventSourceFormat;
    tokenHash: string;
    tokenHint: string;
    signingSecret: string | null;
  } & EventSourceSettings;
};
export type EventSourceChanged = { type: 'EventSourceChanged'; data: { sourceId: string } & EventSourceSettings };
/** The old URL stops working at once. */
export type EventSourceTokenRotated = {
  type: 'EventSourceTokenRotated';
  data: { sourceId: string; tokenHash: string; tokenHint: string };
};
/** A new HMAC signing secret, or null: payloads are no longer signed. */
export type EventSourceSigningSecretChanged = {
  type: 'EventSourceSigningSecretChanged';
  data: { sourceId: string; signingSecret: string | null };
};
export type EventSourceDeleted = { type: 'EventSourceDeleted'; data: { sourceId: string } };

export type EventSourceEvent =
  | EventSourceCreated
  | EventSourceChanged
  | EventSourceTokenRotated
  | EventSourceSigningSecretChanged
  | EventSourceDeleted;

export const eventSourceStream = (sourceId: string) => `eventSource-${sourceId}`;
