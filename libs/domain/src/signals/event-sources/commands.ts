import type { EventSourceSettings } from './events';

/**
 * `orgId` is the caller's organization (from the session). `teamFound` / `policyFound` come from the read
 * models (the handler looks, the decider rules): the default team must be the organization's, the default
 * policy the team's. The token and the secret are made by the api (random), never by the client.
 */
export type CreateEventSource = {
  type: 'CreateEventSource';
  sourceId: string;
  orgId: string;
  format: string;
  tokenHash: string;
  tokenHint: string;
  signingSecret: string | null;
  teamFound: boolean;
  policyFound: boolean;
} & Partial<EventSourceSettings>;

/** Fields left out keep their value (PATCH). */
export type ChangeEventSource = {
  type: 'ChangeEventSource';
  sourceId: string;
  orgId: string;
  teamFound: boolean;
  policyFound: boolean;
} & Partial<EventSourceSettings>;

export type RotateEventSourceToken = {
  type: 'RotateEventSourceToken';
  sourceId: string;
  orgId: string;
  tokenHash: string;
  tokenHint: string;
};
export type SetEventSourceSigningSecret = {
  type: 'SetEventSourceSigningSecret';
  sourceId: string;
  orgId: string;
  signingSecret: string | null;
};
export type DeleteEventSource = { type: 'DeleteEventSource'; sourceId: string; orgId: string };

export type EventSourceCommand =
  CreateEventSource | ChangeEventSource | RotateEventSourceToken | SetEventSourceSigningSecret | DeleteEventSource;
