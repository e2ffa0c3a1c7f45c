import type { SealedAddress } from './events';

/**
 * The owners' settings, as the client sent them (the decider judges each field). The addresses arrive checked
 * by the api (`destinationProblem`, `heartbeatProblem`: their shape and what the egress guard says) and sealed.
 */
export type ConfigureSelfTest = {
  type: 'ConfigureSelfTest';
  orgId: string;
  enabled: unknown;
  interval: unknown;
  channel: unknown;
  destination: SealedAddress | null;
  destinationProblem: string | null;
  heartbeatUrl: SealedAddress | null;
  heartbeatProblem: string | null;
};

export type SelfTestCommand = ConfigureSelfTest;
