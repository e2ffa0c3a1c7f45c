import type { SealedAddress } from './events';

/**
 * The owners' settings, as the client sent them (the decider judges each field). `teamFound` / `policyFound`
 * come from the read models (the team is the organization's, the policy the team's). The heartbeat URL arrives
 * checked by the api (`heartbeatProblem`: its shape and what the egress guard says) and sealed; the source and
 * its sealed ingest token are the api's (made, or kept from the current settings).
 */
export type ConfigureSelfTest = {
  type: 'ConfigureSelfTest';
  orgId: string;
  enabled: unknown;
  interval: unknown;
  teamId: unknown;
  escalationPolicyId: unknown;
  teamFound: boolean;
  policyFound: boolean;
  sourceId: string;
  ingestToken: SealedAddress;
  heartbeatUrl: SealedAddress | null;
  heartbeatProblem: string | null;
};

export type SelfTestCommand = ConfigureSelfTest;
