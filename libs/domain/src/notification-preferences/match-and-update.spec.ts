import type { CompliancePolicyItem } from '../notification-policy/compliance';
import type { NotificationGroupMethod, Priority } from '../notification-policy/constants';
import { decideNotificationSettings } from './decide';
import type { NotificationSetting } from './events';
import { isItemMet } from '../notification-policy/compliance';
import { planMatchAndUpdate, settingsAfterMatch, summarizeMatch, type MatchPlan } from './match-and-update';
import type { Destination, NotificationType } from './notification-types';
import { initialNotificationSettings } from './state';

const item = (
  id: string,
  notification_group_method: NotificationGroupMethod,
  max_delay: string,
  priority: Priority = 'HIGH',
): CompliancePolicyItem => ({ id, priority, notification_group_method, max_delay });
const email: Destination = { type: 'email', value: 'ana@example.com' };
const slack: Destination = { type: 'slack', value: 'U123' };
const teams: Destination = { type: 'microsoft_teams', value: 'ana@teams' };
const phone: Destination = { type: 'phone', value: '+15550001' };
const iphone: Destination = { type: 'apns', value: 'device-ios' };
const android: Destination = { type: 'fcm', value: 'device-android' };
const all = [email, slack, teams, phone, iphone, android];
const setting = (
  id: string,
  notification_type: NotificationType,
  destination: Destination,
  delay: string,
  notification_priority: Priority = 'HIGH',
): NotificationSetting => ({
  id,
  notification_type,
  destination,
  delay,
  notification_priority,
});

describe('match & update plan', () => {
  it('plans nothing when every item is met', () => {
    const plan = planMatchAndUpdate(
      [item('a', 'any', 'PT5M')],
      [setting('e', 'email', email, 'PT0S'), setting('s', 'sms', phone, 'PT1H')],
      all,
    );
    expect(plan).toEqual({ operations: [], unsatisfiable: [] });
  });

  it('updates slow settings of unmet items to what those items require, leaving rows the group covers', () => {
    // 'any' is met by the fast SMS; the email item is met by nobody, so only the slow email row changes, to 10 mins
    const items = [item('a', 'any', 'PT1M'), item('e', 'email', 'PT10M')];
    const settings = [
      setting('slow-email', 'email', email, 'PT1H'),
      setting('fast-sms', 'sms', phone, 'PT0S'),
      setting('slow-chat', 'slack', slack, 'PT30M'),
    ];
    expect(planMatchAndUpdate(items, settings, all)).toEqual({
      operations: [{ kind: 'update', setting: { ...settings[0], delay: 'PT10M' } }],
      unsatisfiable: [],
    });
  });

  it('updates every slow applicable setting, to the longest option within the limit', () => {
    const settings = [
      setting('e', 'email', email, 'PT30M'),
      setting('w', 'whats_app', phone, 'PT1H'),
      setting('l', 'email', email, 'PT1H', 'LOW'),
    ];
    expect(planMatchAndUpdate([item('a', 'any', 'PT3M')], settings, all).operations).toEqual([
      { kind: 'update', setting: { ...settings[0], delay: 'PT2M' } },
      { kind: 'update', setting: { ...settings[1], delay: 'PT2M' } },
    ]);
  });

  it.each([
    ['email', all, 'email', email],
    ['chat', all, 'slack', slack],
    ['chat', [teams, email], 'microsoft_teams', teams],
    ['mobile_text', all, 'sms', phone],
    ['voice', all, 'voice', phone],
    ['push', all, 'apns', iphone],
    ['apns', all, 'apns', iphone],
    ['fcm', all, 'fcm', android],
    ['any', [phone, slack, email], 'email', email],
    ['any', [phone, slack], 'slack', slack],
    ['any', [iphone, phone], 'sms', phone],
    ['any', [iphone], 'apns', iphone],
  ] as const)('creates for an unmet %s item from %j a %s setting', (method, destinations, type, destination) => {
    expect(planMatchAndUpdate([item('i', method, 'PT5M', 'MEDIUM')], [], destinations).operations).toEqual([
      {
        kind: 'create',
        itemId: 'i',
        setting: { notification_type: type, destination, delay: 'PT5M', notification_priority: 'MEDIUM' },
      },
    ]);
  });

  it.each([
    ['email', [phone]],
    ['chat', [email, phone]],
    ['mobile_text', [email]],
    ['voice', [email]],
    ['push', [android, email]],
    ['apns', [android]],
    ['fcm', [iphone]],
    ['any', [android]],
    ['any', []],
  ] as const)('lists an unmet %s item as unsatisfiable with only %j', (method, destinations) => {
    expect(planMatchAndUpdate([item('i', method, 'PT5M')], [], destinations)).toEqual({
      operations: [],
      unsatisfiable: [{ itemId: 'i', reason: `No suitable destinations available for ${method}` }],
    });
  });

  it('runs updates before creates, and creates for the higher priority first', () => {
    const items = [
      item('low-any', 'any', 'PT30M', 'LOW'),
      item('any10', 'any', 'PT10M'),
      item('voice5', 'voice', 'PT5M'),
      item('any5', 'any', 'PT5M'),
      item('chat', 'chat', 'PT1M'),
    ];
    const settings = [setting('slow-slack', 'slack', slack, 'PT15M')];
    expect(planMatchAndUpdate(items, settings, [email, phone])).toEqual({
      operations: [
        { kind: 'update', setting: { ...settings[0], delay: 'PT1M' } },
        {
          kind: 'create',
          itemId: 'voice5',
          setting: { notification_type: 'voice', destination: phone, delay: 'PT5M', notification_priority: 'HIGH' },
        },
        {
          kind: 'create',
          itemId: 'low-any',
          setting: { notification_type: 'email', destination: email, delay: 'PT30M', notification_priority: 'LOW' },
        },
      ],
      unsatisfiable: [],
    });
  });

  it('creates for the strictest item first, a named channel before any, so one new setting meets several items', () => {
    const items = [item('any10', 'any', 'PT10M'), item('any5', 'any', 'PT5M'), item('voice5', 'voice', 'PT5M')];
    expect(planMatchAndUpdate(items, [], [email, phone]).operations).toEqual([
      {
        kind: 'create',
        itemId: 'voice5',
        setting: { notification_type: 'voice', destination: phone, delay: 'PT5M', notification_priority: 'HIGH' },
      },
    ]);
  });

  it('plans only settings the setting decider accepts', () => {
    const items = [item('a', 'any', 'PT7M'), item('c', 'chat', 'PT90M', 'LOW'), item('p', 'push', 'PT0S', 'MEDIUM')];
    const plan = planMatchAndUpdate(items, [setting('e', 'email', email, 'PT1H')], all);
    expect(plan.operations).toHaveLength(3);
    for (const operation of plan.operations) {
      const command = {
        type: 'SaveNotificationSetting' as const,
        id: operation.kind === 'update' ? operation.setting.id : 'new',
        ...operation.setting,
        availableDestinations: all,
      };
      expect(decideNotificationSettings(command, initialNotificationSettings())).toHaveLength(1);
    }
  });
});

describe('match & update summary', () => {
  const plan: MatchPlan = {
    operations: [
      { kind: 'update', setting: setting('e', 'email', email, 'PT5M') },
      {
        kind: 'create',
        itemId: 'v',
        setting: { notification_type: 'voice', destination: phone, delay: 'PT1M', notification_priority: 'HIGH' },
      },
      {
        kind: 'create',
        itemId: 's',
        setting: { notification_type: 'slack', destination: slack, delay: 'PT1M', notification_priority: 'HIGH' },
      },
    ],
    unsatisfiable: [{ itemId: 'p', reason: 'No suitable destinations available for push' }],
  };

  it.each([
    ['all went through', [true, true, true], { updated: 1, created: 2, failed: 0 }],
    ['one create timed out', [true, false, true], { updated: 1, created: 1, failed: 1 }],
    ['the run stopped after the update', [true], { updated: 1, created: 0, failed: 2 }],
    ['nothing went through', [false, false, false], { updated: 0, created: 0, failed: 3 }],
  ])('counts when %s', (_case, succeeded, counts) => {
    expect(summarizeMatch(plan, succeeded)).toEqual({ ...counts, unsatisfiable: plan.unsatisfiable });
  });
});

describe('settings after a run', () => {
  const items = [item('email', 'email', 'PT5M'), item('voice', 'voice', 'PT1M')];
  const slow = setting('slow', 'email', email, 'PT1H');
  const plan = planMatchAndUpdate(items, [slow], all);

  it('applies the updates and creates that went through, and meets every item when all did', () => {
    const after = settingsAfterMatch([slow], plan, [true, true]);
    expect(after).toEqual([
      { ...slow, delay: 'PT5M' },
      { notification_type: 'voice', destination: phone, delay: 'PT1M', notification_priority: 'HIGH' },
    ]);
    expect(items.every((policyItem) => isItemMet(policyItem, after))).toBe(true);
  });

  it('keeps a setting as it was when its update failed', () => {
    const after = settingsAfterMatch([slow], plan, [false, true]);
    expect(after[0]).toEqual(slow);
    expect(isItemMet(items[0], after)).toBe(false);
  });
});
