import type { SelfTestRound } from '@tocsin/contracts';

/** Rounds kept per organization: enough for the ops page's table and a day of PT1H rounds. */
export const SELF_TEST_ROUNDS_KEPT = 24;

/**
 * What the self-test's rounds leave per organization (collection `self_test_status`, `_id` the organization's id),
 * written by the round itself as the escalation auditor writes its findings: the rounds are the job's record of
 * what it saw, not changes anyone made, so they are not events (a round a minute would grow the log for nothing).
 */
export interface SelfTestStatusDoc {
  _id: string;
  orgId: string;
  /** The newest first. */
  rounds: SelfTestRound[];
  lastSuccess: SelfTestRound | null;
  lastFailure: SelfTestRound | null;
  /** In a streak of failed rounds whose owners were told. */
  failing: boolean;
  [field: string]: unknown;
}

export const SELF_TEST_STATUS = 'self_test_status';

/** The status after `round`. */
export function afterRound(orgId: string, round: SelfTestRound, before: SelfTestStatusDoc | null): SelfTestStatusDoc {
  const delivered = round.outcome === 'delivered';
  return {
    _id: orgId,
    orgId,
    rounds: [round, ...(before?.rounds ?? []).filter((r) => r.id !== round.id)].slice(0, SELF_TEST_ROUNDS_KEPT),
    lastSuccess: delivered ? round : (before?.lastSuccess ?? null),
    lastFailure: delivered ? (before?.lastFailure ?? null) : round,
    failing: !delivered,
  };
}
