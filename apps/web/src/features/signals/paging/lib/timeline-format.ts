import { NOTIFICATION_TYPE_LABELS, type AlertActor } from '@tocsin/domain';
import type { AlertTimelineEntry } from '@tocsin/contracts';
import type { PagingStage } from '@tocsin/domain';

export type TimelineTone = 'ok' | 'failed' | 'pending' | 'neutral';

export interface TimelineLine {
  id: string;
  kind: AlertTimelineEntry['kind'];
  at: string;
  episode: number;
  title: string;
  detail: string | null;
  tone: TimelineTone;
  /** Said beside the mark, so the outcome is never carried by colour alone. */
  outcomeLabel: string | null;
}

/** Theme colour names of each tone (app/theme keeps them readable). */
export const TONE_COLOR: Record<TimelineTone, string> = {
  ok: 'green',
  failed: 'red',
  pending: 'yellow',
  neutral: 'gray',
};

/** How the timeline names people: its entries hold ids, the timeline's answer their names (`people`). */
export type NameOf = (userId: string) => string;

function actor(by: AlertActor, nameOf: NameOf): string {
  if (by.kind === 'source') return 'the monitoring tool';
  // the web app is an API client like any other: the two are one channel to a reader
  const via = { web: '', api: '', link: ' from a signed link', sms_reply: ' by replying to an SMS' }[by.via];
  return `${nameOf(by.userId)}${via}`;
}

function stageText(stage: PagingStage): string {
  if (stage.kind === 'step') return `step ${stage.step + 1}`;
  if (stage.kind === 'reassignment') return 'reassignment';
  return `acknowledgement reminder ${stage.n}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const tryText = (attempt: number) => (attempt > 1 ? ` (try ${attempt})` : '');

type Attempted = Extract<AlertTimelineEntry, { kind: 'notification_attempted' }>;

/** "SMS to Ada": what an attempt's outcome belongs to (its attempt entry comes first in the log). */
const attemptName = (attempt: Attempted | undefined, nameOf: NameOf) =>
  attempt ? `${NOTIFICATION_TYPE_LABELS[attempt.channel]} to ${nameOf(attempt.userId)}` : 'Notification';

function describe(
  entry: AlertTimelineEntry,
  nameOf: NameOf,
  attempts: Map<string, Attempted>,
): Pick<TimelineLine, 'title' | 'detail' | 'tone'> {
  switch (entry.kind) {
    case 'triggered': {
      const routing =
        entry.routing.kind === 'route'
          ? `A team rule routed it (rule ${entry.routing.ruleId})`
          : "No rule matched: it went to the source's default team";
      const policy = entry.policy
        ? `escalation policy "${entry.policy.name}" (version ${entry.policy.revision + 1}) copied; later edits do not change this escalation`
        : entry.grouping?.role === 'member'
          ? `it joined the open alert group ${entry.grouping.groupId}, which pages once for its first alert, so nobody is paged for this one`
          : 'no escalation policy, so nobody is paged';
      const opened =
        entry.grouping?.role === 'first'
          ? `; it opened the alert group ${entry.grouping.groupId} and pages for it`
          : '';
      return {
        title: `Triggered (episode ${entry.episode})`,
        detail: `${routing}; ${policy}${opened}.`,
        tone: 'neutral',
      };
    }
    case 'deduplicated':
      return { title: `Received again (${entry.count} times in all)`, detail: null, tone: 'neutral' };
    case 'acknowledged': {
      const group = entry.groupId ? ` With its alert group ${entry.groupId}.` : '';
      return {
        title: `Acknowledged by ${actor(entry.by, nameOf)}`,
        detail: `Pending notifications stop.${group}`,
        tone: 'ok',
      };
    }
    case 'resolved':
      return entry.quietMinutes
        ? {
            title: 'Resolved by Tocsin',
            detail: `The source sent nothing for ${entry.quietMinutes} minutes (its quiet period).`,
            tone: 'ok',
          }
        : {
            title: `Resolved by ${actor(entry.by, nameOf)}`,
            detail: entry.groupId ? `With its alert group ${entry.groupId}.` : null,
            tone: 'ok',
          };
    case 'target_unreachable': {
      const who = entry.userId ? nameOf(entry.userId) : entry.target?.type === 'team' ? 'a team' : 'a target';
      const holder = who === 'you' ? 'you have' : entry.userId ? 'they have' : 'it has';
      const why =
        entry.reason === 'no_members'
          ? 'the team has no members'
          : entry.reason === 'not_a_member'
            ? 'they are no longer a member of the organization'
            : `${holder} no notification settings for this priority`;
      return {
        title: `${capitalized(who)} could not be paged (${stageText(entry.stage)})`,
        detail: `Nobody was notified: ${why}.`,
        tone: 'failed',
      };
    }
    case 'step_reached':
      return { title: `Escalation reached step ${entry.step + 1}`, detail: null, tone: 'neutral' };
    case 'on_call_resolved': {
      const schedule = `schedule "${entry.scheduleName}"`;
      if (entry.skipped || entry.userIds.length === 0)
        return {
          title: `Nobody was on call on ${schedule} (step ${entry.step + 1})`,
          detail: 'The step went on to the next one at once instead of waiting out its timeout.',
          tone: 'failed',
        };
      const why = (userId: string) => {
        const reason = entry.reasons.find((r) => r.userId === userId);
        const by =
          reason?.kind === 'override'
            ? 'an override'
            : reason?.kind === 'temporary'
              ? 'a temporary schedule'
              : 'the rotation';
        return `${nameOf(userId)} (by ${by})`;
      };
      return {
        title: `On call on ${schedule} (step ${entry.step + 1}): ${entry.userIds.map(nameOf).join(', ')}`,
        detail: `Paged as on call when the step started: ${entry.userIds.map(why).join(', ')}.`,
        tone: 'neutral',
      };
    }
    case 'escalated':
      return {
        title: `Escalated now to step ${entry.toStep + 1} by ${actor(entry.by, nameOf)}`,
        detail: null,
        tone: 'neutral',
      };
    case 'reassigned':
      return {
        title: `Reassigned to ${nameOf(entry.userId)} by ${actor(entry.by, nameOf)}`,
        detail: "The policy's further steps stop.",
        tone: 'neutral',
      };
    case 'suppressed':
      return {
        title: `Suppressed by maintenance "${entry.maintenanceName}" until ${new Date(entry.until).toLocaleString()}`,
        detail: `${entry.service ? `Its service (${entry.service})` : 'Its event source'} is under maintenance: nobody is paged until the window ends; still firing then, it pages as usual.`,
        tone: 'neutral',
      };
    case 'suppression_ended':
      return {
        title:
          entry.reason === 'cancelled'
            ? 'The maintenance was cancelled: paging starts now'
            : entry.reason === 'no_longer_covered'
              ? 'The maintenance no longer covers this alert: paging starts now'
              : "The maintenance's window ended: paging starts now",
        detail: null,
        tone: 'neutral',
      };
    case 'incident_declared':
      return { title: `Incident ${entry.reference} declared: ${entry.name}`, detail: '', tone: 'neutral' };
    case 'notification_attempted':
      return {
        title: `${NOTIFICATION_TYPE_LABELS[entry.channel]} to ${nameOf(entry.userId)}${tryText(entry.try)}`,
        detail: `${entry.address}, ${stageText(entry.stage)}`,
        tone: 'pending',
      };
    case 'notification_sent': {
      const name = attemptName(attempts.get(entry.attemptId), nameOf);
      return { title: `${name}: handed to the provider${tryText(entry.try)}`, detail: entry.answer, tone: 'ok' };
    }
    case 'notification_failed': {
      const name = attemptName(attempts.get(entry.attemptId), nameOf);
      const next = entry.final ? ', no try left: the next method follows' : entry.retryable ? ', will retry' : '';
      return { title: `${name} failed${tryText(entry.try)}${next}`, detail: entry.answer, tone: 'failed' };
    }
  }
}

const OUTCOME_LABEL: Record<TimelineTone, string | null> = {
  ok: 'Succeeded',
  failed: 'Failed',
  pending: 'Pending',
  neutral: null,
};

/**
 * The timeline as a person reads it. An attempt shows its outcome once one is recorded for it: sent, failed,
 * or still pending (the provider has not answered).
 */
export function timelineLines(entries: readonly AlertTimelineEntry[], nameOf: NameOf): TimelineLine[] {
  const outcomes = new Map<string, TimelineTone>();
  const attempts = new Map<string, Attempted>();
  for (const entry of entries) {
    if (entry.kind === 'notification_attempted' && !attempts.has(entry.attemptId)) attempts.set(entry.attemptId, entry);
    if (entry.kind === 'notification_sent') outcomes.set(`${entry.attemptId}#${entry.try}`, 'ok');
    if (entry.kind === 'notification_failed') outcomes.set(`${entry.attemptId}#${entry.try}`, 'failed');
  }
  return entries.map((entry) => {
    const line = describe(entry, nameOf, attempts);
    const tone =
      entry.kind === 'notification_attempted'
        ? (outcomes.get(`${entry.attemptId}#${entry.try}`) ?? 'pending')
        : line.tone;
    return {
      id: entry.id,
      kind: entry.kind,
      at: entry.at,
      episode: entry.episode,
      ...line,
      tone,
      outcomeLabel: entry.kind === 'notification_attempted' || line.tone === 'failed' ? OUTCOME_LABEL[tone] : null,
    };
  });
}
