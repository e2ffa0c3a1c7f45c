/**
 * The end-to-end self-test (issue 22, "Health that proves the pager works"): per organization, on an interval its
 * owners set, a synthetic alert is posted to the ingest URL of an event source the self-test owns, routed to the
 * team and escalation policy the owners picked, paged like any alert; the outside heartbeat URL is called only
 * when a page of it was delivered.
 */

/**
 * An address as the log keeps it when it may carry a secret (a heartbeat URL with its token, an ingest token):
 * `sealed` by the api's secret box, `hint` what may be shown (ARCHITECTURE.md "Security rules").
 */
export interface SealedAddress {
  sealed: string;
  hint: string;
}

/** The name of the event source a self-test makes for itself. */
export const SELF_TEST_SOURCE_NAME = 'Tocsin self-test';

export interface SelfTestSettings {
  enabled: boolean;
  /** ISO-8601, whole minutes from PT1M to PT24H. */
  interval: string;
  /** Where the self-test's source routes its alerts: the team, and the policy that pages the test destination. */
  teamId: string;
  escalationPolicyId: string;
  /** The event source the rounds post to, made for the self-test (named `SELF_TEST_SOURCE_NAME`). */
  sourceId: string;
  /** That source's ingest token, sealed: the ingest keeps only its hash, the rounds need the token itself. */
  ingestToken: SealedAddress;
  heartbeatUrl: SealedAddress | null;
}

export type SelfTestConfigured = {
  type: 'SelfTestConfigured';
  data: { orgId: string } & SelfTestSettings;
};

export type SelfTestEvent = SelfTestConfigured;

/** One stream per organization: its self-test's settings (its rounds are the job's record, not events). */
export const selfTestStream = (orgId: string) => `selfTest-${orgId}`;
