/**
 * The end-to-end self-test (issue 22, "Health that proves the pager works"): per organization, on an interval its
 * owners set, a synthetic page goes through a real channel to a test destination, and an outside heartbeat URL is
 * called only when it arrived. The channels whose provider's acceptance is the arrival: mail and chat webhooks.
 */
export const SELF_TEST_CHANNELS = ['email', 'slack', 'microsoft_teams'] as const;
export type SelfTestChannel = (typeof SELF_TEST_CHANNELS)[number];

/**
 * An address as the log keeps it when it may carry a secret (a webhook URL, a heartbeat URL with its token):
 * `sealed` by the api's secret box, `hint` what may be shown (ARCHITECTURE.md "Security rules").
 */
export interface SealedAddress {
  sealed: string;
  hint: string;
}

export interface SelfTestSettings {
  enabled: boolean;
  /** ISO-8601, whole minutes from PT1M to PT24H. */
  interval: string;
  channel: SelfTestChannel;
  destination: SealedAddress;
  heartbeatUrl: SealedAddress | null;
}

export type SelfTestConfigured = {
  type: 'SelfTestConfigured';
  data: { orgId: string } & SelfTestSettings;
};

export type SelfTestEvent = SelfTestConfigured;

/** One stream per organization: its self-test's settings (its rounds are the job's record, not events). */
export const selfTestStream = (orgId: string) => `selfTest-${orgId}`;
