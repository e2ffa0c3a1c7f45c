import { describe, expect, it } from '@jest/globals';
import type { AlertTimelineEntry } from '@tocsin/contracts';
import { timelineLines } from './timeline-format';

const base = { episode: 1, at: '2026-11-24T12:00:00Z' };
let position = 0;
const entry = (detail: Record<string, unknown>) =>
  ({ id: `e${++position}`, alert_id: 'a', ...base, ...detail }) as AlertTimelineEntry;
const names = (id: string) => ({ u1: 'Ada', u2: 'Grace' })[id] ?? 'someone';

describe('the alert timeline in words', () => {
  const triggered = entry({
    kind: 'triggered',
    summary: 'Disk full',
    priority: 'HIGH',
    teamId: 't',
    routing: { kind: 'default', teamId: 't', escalationPolicyId: 'p', priority: 'HIGH' },
    policy: { policy_id: 'p', name: 'Primary', revision: 3, steps: [], repeat: 0, ack_reminder: null },
  });
  const attempt = (attemptId: string, tryNumber = 1) =>
    entry({
      kind: 'notification_attempted',
      attemptId,
      try: tryNumber,
      stage: { kind: 'step', step: 0 },
      userId: 'u1',
      channel: 'sms',
      address: '+33612345678',
    });

  it('says how routing decided and which policy revision runs', () => {
    const [line] = timelineLines([triggered], names);
    expect(line!.title).toBe('Triggered (episode 1)');
    expect(line!.detail).toContain("No rule matched: it went to the source's default team");
    expect(line!.detail).toContain('"Primary" (version 4) copied');
  });

  it('gives each attempt its outcome: sent, failed, or pending until the provider answers', () => {
    const lines = timelineLines(
      [
        attempt('a1'),
        attempt('a2'),
        attempt('a3'),
        entry({ kind: 'notification_sent', attemptId: 'a1', try: 1, providerMessageId: 'm', answer: 'queued' }),
        entry({ kind: 'notification_failed', attemptId: 'a2', try: 1, answer: '503', retryable: true, final: false }),
      ],
      names,
    );
    expect(lines.map((l) => [l.title, l.tone, l.outcomeLabel])).toEqual([
      ['SMS to Ada', 'ok', 'Succeeded'],
      ['SMS to Ada', 'failed', 'Failed'],
      ['SMS to Ada', 'pending', 'Pending'],
      ['SMS to Ada: handed to the provider', 'ok', null],
      ['SMS to Ada failed, will retry', 'failed', 'Failed'],
    ]);
    expect(lines[0]!.detail).toBe('+33612345678, step 1');
  });

  it('names who acknowledged and how', () => {
    const [line] = timelineLines(
      [entry({ kind: 'acknowledged', by: { kind: 'user', userId: 'u2', via: 'link' } })],
      names,
    );
    expect(line!.title).toBe('Acknowledged by Grace from a signed link');
  });

  it('says when a target pages nobody, and why', () => {
    const [line] = timelineLines(
      [
        entry({
          kind: 'target_unreachable',
          stage: { kind: 'step', step: 1 },
          target: { type: 'user', id: 'u2' },
          userId: 'u2',
          reason: 'no_notification_settings',
        }),
      ],
      names,
    );
    expect([line!.title, line!.detail, line!.outcomeLabel]).toEqual([
      'Grace could not be paged (step 2)',
      'Nobody was notified: they have no notification settings for this priority.',
      'Failed',
    ]);
    const [mine] = timelineLines(
      [
        entry({
          kind: 'target_unreachable',
          stage: { kind: 'step', step: 0 },
          target: { type: 'user', id: 'me' },
          userId: 'me',
          reason: 'no_notification_settings',
        }),
      ],
      (id) => (id === 'me' ? 'you' : 'someone'),
    );
    expect([mine!.title, mine!.detail]).toEqual([
      'You could not be paged (step 1)',
      'Nobody was notified: you have no notification settings for this priority.',
    ]);
  });

  it('says when Tocsin resolved a quiet alert', () => {
    const [line] = timelineLines(
      [entry({ kind: 'resolved', by: { kind: 'source', sourceId: 's' }, quietMinutes: 30 })],
      names,
    );
    expect(line!.title).toBe('Resolved by Tocsin');
  });
});
