import { describe, expect, it } from '@jest/globals';
import { describeAlertChanges } from './alert-changes';

const a = (id: string, status: 'triggered' | 'acknowledged' | 'resolved' = 'triggered') => ({
  id,
  status,
  summary: `Alert ${id}`,
});

describe('live changes of the alert list, in words', () => {
  it('names new alerts and status changes, nothing else', () => {
    expect(describeAlertChanges([a('1'), a('2')], [a('3'), a('1', 'acknowledged'), a('2')])).toEqual([
      'New alert: Alert 3',
      'Acknowledged: Alert 1',
    ]);
  });

  it('says nothing when nothing a person acts on changed', () => {
    expect(describeAlertChanges([a('1')], [a('1')])).toEqual([]);
  });

  it('sums up a storm in one sentence', () => {
    expect(describeAlertChanges([], [a('1'), a('2'), a('3'), a('4')])).toEqual(['4 alerts changed']);
  });

  it('names a status this build does not know by the name the api sent', () => {
    const snoozed = { id: '1', status: 'snoozed' as 'triggered', summary: 'Alert 1' };
    expect(describeAlertChanges([a('1')], [snoozed])).toEqual(['snoozed: Alert 1']);
  });
});
