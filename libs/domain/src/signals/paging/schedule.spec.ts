import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import {
  currentStep,
  dueSteps,
  pagingSchedule,
  unreachableTargets,
  type PagingPlanInput,
  type PagingSetting,
} from './schedule';

const T0 = '2026-11-24T03:00:00.000Z';
const at = (minutes: number, seconds = 0) => new Date(Date.parse(T0) + minutes * 60_000 + seconds * 1000).toISOString();

const policy: EscalationPolicySnapshot = {
  policyId: 'policy-1',
  name: 'Database on-call',
  revision: 3,
  steps: [
    { timeoutMinutes: 5, targets: [{ type: 'user', id: 'ann' }] },
    {
      timeoutMinutes: 10,
      targets: [
        { type: 'team', id: 'team-db' },
        { type: 'user', id: 'bob' },
      ],
    },
  ],
  repeat: 1,
  ackReminderMinutes: null,
};
const row = (id: string, type: PagingSetting['notification_type'], value: string, delay: string): PagingSetting => ({
  id,
  notification_type: type,
  destination: { type: type === 'email' ? 'email' : 'phone', value },
  delay,
});
const input = (extra: Partial<PagingPlanInput> = {}): PagingPlanInput => ({
  alertId: 'alert-1',
  episode: 2,
  triggeredAt: T0,
  policy,
  escalation: null,
  reassignment: null,
  teamMembers: { 'team-db': ['bob', 'cid'] },
  settings: {
    ann: [row('ann-voice', 'voice', '+15550001', 'PT2M'), row('ann-mail', 'email', 'ann@example.com', 'PT0S')],
    bob: [row('bob-sms', 'sms', '+15550002', 'PT0S')],
  },
  ...extra,
});
const brief = (plan: ReturnType<typeof pagingSchedule>) =>
  plan.map(
    (n) =>
      `${n.dueAt.slice(11, 19)} ${n.stage.kind === 'step' ? `s${n.stage.step}` : n.stage.kind} ${n.userId} ${n.channel}`,
  );

describe('pagingSchedule', () => {
  it('counts every due time from the trigger: step offsets are the previous timeouts, rows add their delay, repeats run again', () => {
    expect(brief(pagingSchedule(input()))).toEqual([
      '03:00:00 s0 ann email',
      '03:02:00 s0 ann voice',
      '03:05:00 s1 bob sms', // the team names bob and so does the step: paged once
      '03:15:00 s2 ann email',
      '03:17:00 s2 ann voice',
      '03:20:00 s3 bob sms',
    ]);
  });

  it('names attempts and jobs from (alert, episode, step, user, row): the same plan twice is the same jobs', () => {
    const [first] = pagingSchedule(input());
    expect(first).toMatchObject({
      attemptId: 'alert-1/2/s0/ann/ann-mail',
      jobId: `page/alert-1/2/s0/ann/ann-mail/${Date.parse(T0)}`,
      target: { type: 'user', id: 'ann' },
      address: 'ann@example.com',
      settingId: 'ann-mail',
    });
    expect(pagingSchedule(input())).toEqual(pagingSchedule(input()));
  });

  it('after escalate now, the escalated-to step starts then and the earlier ones are no longer due', () => {
    const plan = pagingSchedule(input({ escalation: { step: 1, at: at(1) } }));
    expect(brief(plan)).toEqual([
      '03:01:00 s1 bob sms',
      '03:11:00 s2 ann email',
      '03:13:00 s2 ann voice',
      '03:16:00 s3 bob sms',
    ]);
    // the same attempt, a new due time: a new job id, so the earlier-queued one does not swallow it
    const before = pagingSchedule(input()).find((n) => n.attemptId.includes('/s2/ann/ann-mail'))!;
    const after = plan.find((n) => n.attemptId === before.attemptId)!;
    expect(after.jobId).not.toBe(before.jobId);
  });

  it('after a reassignment only the assignee is due, from the reassignment', () => {
    const plan = pagingSchedule(input({ reassignment: { n: 1, userId: 'bob', at: at(3) } }));
    expect(brief(plan)).toEqual(['03:03:00 reassignment bob sms']);
    expect(plan[0].attemptId).toBe('alert-1/2/r1/bob/bob-sms');
  });

  it('once acknowledged, only the next reminder to the acknowledger is due, an interval after the acknowledgement', () => {
    const reminding = { ...policy, ackReminderMinutes: 30 };
    const acknowledged = { at: at(7), userId: 'bob' };
    expect(brief(pagingSchedule(input({ policy: reminding, acknowledged, reminders: 0 })))).toEqual([
      '03:37:00 reminder bob sms',
    ]);
    expect(brief(pagingSchedule(input({ policy: reminding, acknowledged, reminders: 2 })))).toEqual([
      '04:37:00 reminder bob sms',
    ]);
    expect(pagingSchedule(input({ acknowledged, reminders: 0 }))).toEqual([]);
    expect(pagingSchedule(input({ policy: reminding, acknowledged: { at: at(7), userId: null } }))).toEqual([]);
  });

  it('starts each due step at its time, whoever is paged first in it', () => {
    expect(dueSteps(input()).map((s) => `${s.step} ${s.dueAt.slice(11, 19)}`)).toEqual([
      '0 03:00:00',
      '1 03:05:00',
      '2 03:15:00',
      '3 03:20:00',
    ]);
    expect(dueSteps(input({ escalation: { step: 2, at: at(1) } })).map((s) => s.step)).toEqual([2, 3]);
    expect(dueSteps(input({ acknowledged: { at: at(1), userId: 'bob' } }))).toEqual([]);
  });

  it('names the targets of due steps that page nobody, when their step starts', () => {
    const unreachable = unreachableTargets(input({ teamMembers: { 'team-db': ['bob', 'cid'], empty: [] } }));
    expect(unreachable.map((u) => `${u.dueAt.slice(11, 19)} ${u.userId} ${u.reason}`)).toEqual([
      '03:05:00 cid no_notification_settings',
      '03:20:00 cid no_notification_settings',
    ]);
    expect(unreachable[0]).toMatchObject({
      attemptId: 'alert-1/2/s1/cid/none',
      target: { type: 'team', id: 'team-db' },
    });
    const emptyTeam = unreachableTargets(
      input({
        policy: { ...policy, repeat: 0, steps: [{ timeoutMinutes: 5, targets: [{ type: 'team', id: 'empty' }] }] },
        teamMembers: {},
      }),
    );
    expect(emptyTeam).toMatchObject([{ userId: null, reason: 'no_members', target: { type: 'team', id: 'empty' } }]);
    expect(unreachableTargets(input({ acknowledged: { at: at(1), userId: 'bob' } }))).toEqual([]);
  });

  it('pages nobody without a policy, or for users without settings', () => {
    expect(pagingSchedule(input({ policy: null }))).toEqual([]);
    expect(pagingSchedule(input({ settings: {} }))).toEqual([]);
  });

  it('knows the current step, over escalations', () => {
    const progress = { escalation: null, reassignment: null };
    expect(currentStep(policy, T0, progress, at(0))).toBe(0);
    expect(currentStep(policy, T0, progress, at(4, 59))).toBe(0);
    expect(currentStep(policy, T0, progress, at(5))).toBe(1);
    expect(currentStep(policy, T0, progress, at(999))).toBe(3);
    expect(currentStep(policy, T0, { escalation: { step: 2, at: at(1) }, reassignment: null }, at(2))).toBe(2);
    expect(currentStep(null, T0, progress, at(2))).toBeNull();
  });
});
