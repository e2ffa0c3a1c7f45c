import type { NotificationType } from '../notification-preferences/notification-types';
import {
  appliesTo,
  applicableItems,
  isItemMet,
  isWithin,
  meetsPolicy,
  requiredDelay,
  settingCompliance,
  type CompliancePolicyItem,
  type ComplianceSetting,
} from './compliance';
import type { NotificationGroupMethod } from './constants';

const item = (
  id: string,
  notification_group_method: NotificationGroupMethod,
  max_delay: string,
  priority: CompliancePolicyItem['priority'] = 'HIGH',
): CompliancePolicyItem => ({
  id,
  priority,
  notification_group_method,
  max_delay,
});
const setting = (
  notification_type: NotificationType,
  delay: string,
  notification_priority: ComplianceSetting['notification_priority'] = 'HIGH',
): ComplianceSetting => ({
  id: `${notification_type}-${delay}`,
  notification_type,
  delay,
  notification_priority,
});

describe('applicability', () => {
  it.each([
    ['any', 'whats_app', true],
    ['any', 'fcm', true],
    ['email', 'email', true],
    ['email', 'slack', false],
    ['chat', 'slack', true],
    ['chat', 'microsoft_teams', true],
    ['chat', 'email', false],
    ['mobile_text', 'sms', true],
    ['mobile_text', 'whats_app', true],
    ['mobile_text', 'voice', false],
    ['voice', 'voice', true],
    ['voice', 'sms', false],
    ['push', 'apns', true],
    ['push', 'fcm', true],
    ['push', 'email', false],
    ['apns', 'apns', true],
    ['apns', 'fcm', false],
    ['fcm', 'fcm', true],
    ['fcm', 'apns', false],
  ] as const)('a %s item applies to a %s setting: %s', (method, type, expected) => {
    expect(appliesTo(method, type)).toBe(expected);
  });

  it('takes only items of the setting priority', () => {
    const items = [
      item('h', 'any', 'PT5M', 'HIGH'),
      item('l', 'any', 'PT5M', 'LOW'),
      item('v', 'voice', 'PT1M', 'HIGH'),
    ];
    expect(applicableItems(items, setting('sms', 'PT0S', 'HIGH')).map((i) => i.id)).toEqual(['h']);
    expect(applicableItems(items, setting('voice', 'PT0S', 'HIGH')).map((i) => i.id)).toEqual(['h', 'v']);
  });
});

describe('delays against limits', () => {
  it.each([
    ['PT5M', 'PT5M', true],
    ['PT0S', 'PT1M', true],
    ['PT10M', 'PT5M', false],
    ['PT1H', 'PT30M', false],
    ['later', 'PT1H', false],
  ])('%s is within %s: %s', (delay, limit, expected) => {
    expect(isWithin(delay, limit)).toBe(expected);
  });
});

describe('compliance of one setting', () => {
  const items = [
    item('e', 'email', 'PT10M'),
    item('a', 'any', 'PT5M'),
    item('t', 'chat', 'PT1M'),
    item('m', 'email', 'PT2M', 'MEDIUM'),
  ];

  it('requires the smallest max_delay among the applicable items of its priority', () => {
    expect(requiredDelay(items, setting('email', 'PT0S'))).toBe('PT5M');
    expect(requiredDelay(items, setting('slack', 'PT0S'))).toBe('PT1M');
    expect(requiredDelay(items, setting('email', 'PT0S', 'MEDIUM'))).toBe('PT2M');
    expect(requiredDelay(items, setting('email', 'PT0S', 'LOW'))).toBeNull();
  });

  it('compares limits by length, not by text', () => {
    expect(requiredDelay([item('h', 'any', 'PT1H'), item('m', 'any', 'PT30M')], setting('sms', 'PT0S'))).toBe('PT30M');
  });

  it.each([
    ['no policy at all', [], setting('email', 'PT1H'), { status: 'no_policy' }],
    ['no item for its priority', items, setting('email', 'PT1H', 'LOW'), { status: 'no_applicable_policy' }],
    [
      'no item for its channel',
      [item('v', 'voice', 'PT1M')],
      setting('email', 'PT1H'),
      { status: 'no_applicable_policy' },
    ],
    ['a delay at the limit', items, setting('email', 'PT5M'), { status: 'compliant', requiredDelay: 'PT5M' }],
    [
      'a delay under the limit',
      items,
      setting('microsoft_teams', 'PT0S'),
      { status: 'compliant', requiredDelay: 'PT1M' },
    ],
    ['a delay over the limit', items, setting('email', 'PT10M'), { status: 'non_compliant', requiredDelay: 'PT5M' }],
  ])('with %s', (_case, policy, one, expected) => {
    expect(settingCompliance(policy, one)).toEqual(expected);
  });
});

describe('a policy item met by a set of settings', () => {
  const fiveMinuteChat = item('c', 'chat', 'PT5M');
  it.each([
    ['one applicable setting fast enough', [setting('email', 'PT0S'), setting('slack', 'PT5M')], true],
    ['applicable settings all too slow', [setting('slack', 'PT10M'), setting('microsoft_teams', 'PT15M')], false],
    ['a fast setting of another channel', [setting('sms', 'PT0S')], false],
    ['a fast setting of another priority', [setting('slack', 'PT0S', 'LOW')], false],
    ['no settings', [], false],
  ])('is met with %s: %s', (_case, settings, met) => {
    expect(isItemMet(fiveMinuteChat, settings)).toBe(met);
  });
});

describe('settings that meet a whole policy', () => {
  const policy = [item('c', 'chat', 'PT5M'), item('a', 'any', 'PT1M')];
  it.each([
    ['every item met', policy, [setting('slack', 'PT5M'), setting('sms', 'PT1M')], true],
    ['one fast setting meeting both items', policy, [setting('slack', 'PT1M')], true],
    ['the strict item unmet', policy, [setting('slack', 'PT5M')], false],
    ['no policy', [], [], true],
  ])('with %s: %s', (_case, items, settings, met) => {
    expect(meetsPolicy(items, settings)).toBe(met);
  });
});
