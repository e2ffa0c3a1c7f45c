import type { NotificationType } from '../notification-preferences/notification-types';
import type { CompliancePolicyItem, ComplianceSetting } from './compliance';
import {
  COMPLIANCE_LABELS,
  NON_COMPLIANCE_ALERT,
  NON_COMPLIANCE_BANNER,
  policyHint,
  UPDATE_PREFERENCES_PROMPT,
} from './compliance-messages';
import { complianceFor, complianceOf } from './compliance-report';
import type { NotificationGroupMethod, Priority } from './constants';

const item = (
  id: string,
  notification_group_method: NotificationGroupMethod,
  max_delay: string,
  priority: Priority = 'HIGH',
): CompliancePolicyItem => ({ id, priority, notification_group_method, max_delay });
const setting = (
  id: string,
  notification_type: NotificationType,
  delay: string,
  notification_priority: Priority = 'HIGH',
): ComplianceSetting => ({ id, notification_type, delay, notification_priority });
const displayOf = (items: CompliancePolicyItem[], settings: ComplianceSetting[]) =>
  complianceOf(items, settings).settings.map((s) => s.display);

describe('complianceOf', () => {
  it('with no policy, everything is compliant and every row says so', () => {
    const result = complianceOf([], [setting('s', 'email', 'PT1H')]);
    expect(result).toEqual({
      items: [],
      settings: [
        { id: 's', compliance: { status: 'no_policy' }, display: { state: 'no_policy', label: 'No policy set' } },
      ],
      unmet: [],
      compliant: true,
    });
  });

  it('reports the Compliance result per item, in the policy order', () => {
    const items = [
      item('fast-email', 'email', 'PT1M'),
      item('any', 'any', 'PT10M'),
      item('low-voice', 'voice', 'PT5M', 'LOW'),
    ];
    const result = complianceOf(items, [setting('e', 'email', 'PT5M')]);
    expect(result.items).toEqual([
      { notification_policy_item_id: 'fast-email', is_compliant: false },
      { notification_policy_item_id: 'any', is_compliant: true },
      { notification_policy_item_id: 'low-voice', is_compliant: false },
    ]);
    expect(result.compliant).toBe(false);
  });

  it.each([
    [
      'compliant',
      [item('a', 'any', 'PT5M')],
      [setting('s', 'sms', 'PT5M')],
      { state: 'compliant', label: 'Compliant with policy' },
    ],
    [
      'non-compliant, with the required delay and the hint',
      [item('a', 'any', 'PT5M')],
      [setting('s', 'sms', 'PT10M')],
      {
        state: 'non_compliant',
        label: 'Required delay',
        requiredDelay: 'PT5M',
        hint: "Per your organization's policy, this value should be set to: 5 mins",
      },
    ],
    [
      'not required when the group meets its items',
      [item('a', 'any', 'PT5M')],
      [setting('s', 'sms', 'PT10M'), setting('e', 'email', 'PT0S')],
      { state: 'not_required', label: 'Not required by policy' },
    ],
    [
      'no policy when nothing applies',
      [item('v', 'voice', 'PT5M')],
      [setting('s', 'sms', 'PT10M')],
      { state: 'no_policy', label: 'No applicable policy' },
    ],
  ])('shows a row as %s', (_case, items, settings, display) => {
    expect(displayOf(items, settings)[0]).toEqual(display);
  });

  it('flags a slow row while any of its items is unmet, even if the group meets another', () => {
    // the email item is met by nobody; 'any' is met by the fast SMS
    const items = [item('e', 'email', 'PT2M'), item('a', 'any', 'PT5M')];
    expect(displayOf(items, [setting('slow', 'email', 'PT30M'), setting('fast', 'sms', 'PT0S')])).toEqual([
      {
        state: 'non_compliant',
        label: 'Required delay',
        requiredDelay: 'PT2M',
        hint: "Per your organization's policy, this value should be set to: 2 mins",
      },
      { state: 'compliant', label: 'Compliant with policy' },
    ]);
  });

  it('lists unmet items as rows with Add, prefilled with a type that meets them and an option within the limit', () => {
    const items = [
      item('c', 'chat', 'PT5M'),
      item('m', 'mobile_text', 'PT3M', 'MEDIUM'),
      item('p', 'push', 'PT1H', 'LOW'),
      item('a', 'any', 'PT2H', 'LOW'),
    ];
    expect(complianceOf(items, []).unmet).toEqual([
      {
        notification_policy_item_id: 'c',
        priority: 'HIGH',
        notification_group_method: 'chat',
        label: 'Slack or MS Teams',
        max_delay: 'PT5M',
        action: 'Add',
        prefill: { notification_type: 'slack', delay: 'PT5M', notification_priority: 'HIGH' },
      },
      {
        notification_policy_item_id: 'm',
        priority: 'MEDIUM',
        notification_group_method: 'mobile_text',
        label: 'SMS or WhatsApp',
        max_delay: 'PT3M',
        action: 'Add',
        prefill: { notification_type: 'sms', delay: 'PT2M', notification_priority: 'MEDIUM' },
      },
      {
        notification_policy_item_id: 'p',
        priority: 'LOW',
        notification_group_method: 'push',
        label: 'Push Notification',
        max_delay: 'PT1H',
        action: 'Add',
        prefill: { notification_type: 'apns', delay: 'PT1H', notification_priority: 'LOW' },
      },
      {
        notification_policy_item_id: 'a',
        priority: 'LOW',
        notification_group_method: 'any',
        label: 'Any',
        max_delay: 'PT2H',
        action: 'Add',
        prefill: { notification_type: 'email', delay: 'PT1H', notification_priority: 'LOW' },
      },
    ]);
  });

  it('does not list an item as unmet (Add) when a slow step applies to it: that row is flagged with its fix instead', () => {
    const items = [item('e', 'email', 'PT5M'), item('v', 'voice', 'PT1M')];
    const result = complianceOf(items, [setting('slow', 'email', 'PT30M')]);
    expect(result.settings.map((s) => s.display.state)).toEqual(['non_compliant']);
    expect(result.unmet.map((row) => row.notification_policy_item_id)).toEqual(['v']);
    expect(result.items).toEqual([
      { notification_policy_item_id: 'e', is_compliant: false },
      { notification_policy_item_id: 'v', is_compliant: false },
    ]);
    expect(result.compliant).toBe(false);
  });

  it('is compliant once every item is met, whatever the slow rows', () => {
    const items = [item('a', 'any', 'PT5M'), item('v', 'voice', 'PT1M', 'MEDIUM')];
    const result = complianceOf(items, [
      setting('e', 'email', 'PT0S'),
      setting('s', 'sms', 'PT1H'),
      setting('v', 'voice', 'PT0S', 'MEDIUM'),
    ]);
    expect(result.compliant).toBe(true);
    expect(result.unmet).toEqual([]);
  });
});

describe('complianceFor', () => {
  const items = [item('e', 'email', 'PT5M')];
  const slow = [setting('slow', 'email', 'PT30M')];

  it('holds members and owners to the policy', () => {
    for (const role of ['member', 'owner'] as const)
      expect(complianceFor(role, items, slow)).toEqual(complianceOf(items, slow));
  });

  it('leaves viewers, collaborators and callers without a role out: nothing to meet, and their rows say so', () => {
    for (const role of ['viewer', 'collaborator', null] as const) {
      expect(complianceFor(role, items, slow)).toEqual({
        items: [],
        settings: [
          {
            id: 'slow',
            compliance: { status: 'no_policy' },
            display: { state: 'no_policy', label: 'Not covered by the policy' },
          },
        ],
        unmet: [],
        compliant: true,
      });
    }
  });
});

describe('compliance wording', () => {
  it('has the labels, banner, alert and prompt of SPEC.md section 8', () => {
    expect([COMPLIANCE_LABELS.no_policy, COMPLIANCE_LABELS.no_applicable_policy, COMPLIANCE_LABELS.compliant]).toEqual([
      'No policy set',
      'No applicable policy',
      'Compliant with policy',
    ]);
    expect(NON_COMPLIANCE_BANNER).toBe(
      "Your notification preferences do not meet the organization's policy requirements.",
    );
    expect(NON_COMPLIANCE_ALERT).toBe(
      "Your notification preferences do not meet the organization's policy requirements. Please update your preferences to ensure you receive critical alerts on time.",
    );
    expect(UPDATE_PREFERENCES_PROMPT).toEqual({
      title: 'Update your notification preferences?',
      text: "We recommend reviewing your notification preferences to align with the organization's policy.",
    });
  });

  it.each([
    ['PT0S', 'Immediately'],
    ['PT1M', '1 min'],
    ['PT1H', '1 hour'],
    ['PT1H30M', '1 hour 30 mins'],
    ['soon', 'soon'],
  ])('hints %s as %s', (duration, shown) => {
    expect(policyHint(duration)).toBe(`Per your organization's policy, this value should be set to: ${shown}`);
  });
});
