import { describe, expect, it } from '@jest/globals';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { organizationPolicyView } from './policy-view';

const item = (
  id: string,
  priority: NotificationPolicyItem['priority'],
  method: NotificationPolicyItem['notification_group_method'],
  max_delay: string,
): NotificationPolicyItem => ({
  id,
  priority,
  notification_group_method: method,
  max_delay,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describe('the organization notification policy view', () => {
  it('names the view and lists the three priorities, each with its steps strictest first', () => {
    const view = organizationPolicyView([
      item('a', 'HIGH', 'email', 'PT1H'),
      item('b', 'HIGH', 'voice', 'PT0S'),
      item('c', 'LOW', 'fcm', 'PT5M'),
    ]);
    expect(view.name).toBe('Organization Notification Policy');
    expect(view.priorities.map((p) => p.priority)).toEqual(['HIGH', 'MEDIUM', 'LOW']);
    expect(view.priorities[0].steps).toEqual([
      { id: 'b', delay: 'PT0S', notification_type: { label: 'Phone Call', value: 'voice' } },
      { id: 'a', delay: 'PT1H', notification_type: { label: 'Email', value: 'email' } },
    ]);
    expect(view.priorities[1].steps).toEqual([]);
    expect(view.priorities[2].steps[0].notification_type).toEqual({ label: 'Push Notification', value: 'fcm' });
  });
});
