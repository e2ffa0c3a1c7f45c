import type { PagingFinding, PendingNotification } from '@tocsin/contracts';
import { inFlightWindowMs } from './paging.jobs';
import type { AlertPlan } from './paging.planner';

/** What the auditor keeps per organization (collection `paging_audit`), written by its latest round. */
export interface PagingAuditDoc {
  _id: string;
  orgId: string;
  checkedAt: string;
  findings: PagingFinding[];
  pending: PendingNotification[];
  /** Findings already paged to the operators (by key): each is paged once. */
  paged: string[];
  /** When the operators were last paged (at most once per OPERATOR_PAGE_GAP_MS); absent before the first. */
  lastPagedAt?: string | null;
  [field: string]: unknown;
}

export const PAGING_AUDIT = 'paging_audit';

/** A finding's identity across rounds: the same stuck page found again is not paged again. */
export const findingKey = (f: PagingFinding) => `${f.kind}/${f.alert_id}/${f.due_at}/${f.channel ?? ''}`;

/**
 * What one open alert's plan (its state, as its decider sees it) says is late or waiting: steps and notifications
 * whose due time is more than `graceMs` past and that did not run, tries left unanswered past the channel's own
 * window and `graceMs`, and notifications still ahead (pending). The plan is the paging engine's own, so the
 * auditor and the engine never disagree about what is due.
 */
export function auditPlan(
  plan: AlertPlan,
  now: number,
  graceMs: number,
  config: { CHANNEL_TIMEOUT_MS: number },
): { findings: PagingFinding[]; pending: PendingNotification[] } {
  const alertId = plan.triggered?.alertId;
  if (!alertId) return { findings: [], pending: [] };
  const findings: PagingFinding[] = [];
  const pending: PendingNotification[] = [];
  for (const step of plan.steps)
    if (Date.parse(step.dueAt) + graceMs < now)
      findings.push({
        kind: 'step_overdue',
        alert_id: alertId,
        due_at: step.dueAt,
        channel: null,
        detail: `escalation step ${step.data.step + 1} was due ${step.dueAt} and has not started`,
      });
  for (const { notification: n } of plan.jobs) {
    const attempt = plan.state.attempts[n.attemptId];
    const due = Date.parse(n.dueAt);
    if (!attempt && due > now) {
      pending.push({ alert_id: alertId, user_id: n.userId, channel: n.channel, due_at: n.dueAt });
    } else if (!attempt && due + graceMs < now) {
      findings.push({
        kind: 'notification_overdue',
        alert_id: alertId,
        due_at: n.dueAt,
        channel: n.channel,
        detail: `a ${n.channel} notification was due ${n.dueAt} and was never tried`,
      });
    } else if (
      attempt?.status === 'in_flight' &&
      Date.parse(attempt.lastTryAt) + inFlightWindowMs(config) + graceMs < now
    ) {
      findings.push({
        kind: 'notification_unanswered',
        alert_id: alertId,
        due_at: attempt.lastTryAt,
        channel: n.channel,
        detail: `a ${n.channel} notification tried ${attempt.lastTryAt} has no answer from the provider`,
      });
    }
  }
  return { findings, pending };
}
