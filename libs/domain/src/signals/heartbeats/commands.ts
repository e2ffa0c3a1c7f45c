import type { HeartbeatSettings } from './events';

/**
 * `orgId` is the caller's organization (from the session). `teamFound` / `policyFound` come from the read models
 * (the handler looks, the decider rules). The token is made by the api (random), never by the client.
 */
export type CreateHeartbeat = {
  type: 'CreateHeartbeat';
  heartbeatId: string;
  orgId: string;
  tokenHash: string;
  tokenHint: string;
  at: string;
  teamFound: boolean;
  policyFound: boolean;
} & Partial<HeartbeatSettings>;

/** Fields left out keep their value (PATCH). */
export type ChangeHeartbeat = {
  type: 'ChangeHeartbeat';
  heartbeatId: string;
  orgId: string;
  teamFound: boolean;
  policyFound: boolean;
} & Partial<HeartbeatSettings>;

export type RotateHeartbeatToken = {
  type: 'RotateHeartbeatToken';
  heartbeatId: string;
  orgId: string;
  tokenHash: string;
  tokenHint: string;
};
export type DeleteHeartbeat = { type: 'DeleteHeartbeat'; heartbeatId: string; orgId: string };
/** A ping of the heartbeat's URL (its organization is the one the token named). */
export type RecordHeartbeatBeat = { type: 'RecordHeartbeatBeat'; heartbeatId: string; orgId: string; at: string };
/** The checker, at a due time: a miss when no beat came in time. */
export type CheckHeartbeat = { type: 'CheckHeartbeat'; heartbeatId: string; orgId: string; at: string };

export type HeartbeatCommand =
  CreateHeartbeat | ChangeHeartbeat | RotateHeartbeatToken | DeleteHeartbeat | RecordHeartbeatBeat | CheckHeartbeat;
