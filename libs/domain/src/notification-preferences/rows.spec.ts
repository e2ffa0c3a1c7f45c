import {
  canAddRow,
  duplicateRow,
  INCOMPLETE_ROW_MESSAGE,
  isRowComplete,
  newRow,
  noDestinationsMessage,
  type NotificationRow,
} from './rows';

const saved: NotificationRow = {
  id: 's1',
  notification_type: 'sms',
  destination: { type: 'phone', value: '+15550001' },
  delay: 'PT5M',
  notification_priority: 'HIGH',
};

describe('notification rows', () => {
  it('starts a new row with empty type and delay', () => {
    expect(newRow('LOW')).toEqual({
      notification_type: null,
      destination: null,
      delay: null,
      notification_priority: 'LOW',
    });
  });

  it.each([
    ['type and delay', saved, true],
    ['no type', { ...saved, notification_type: null }, false],
    ['no delay', { ...saved, delay: null }, false],
    ['an empty delay', { ...saved, delay: '' }, false],
    ['a new row', newRow('HIGH'), false],
  ])('a row with %s is complete: %s', (_case, row, complete) => {
    expect(isRowComplete(row)).toBe(complete);
  });

  it.each([
    ['no rows', [], { allowed: true }],
    ['a complete last row', [newRow('HIGH'), saved], { allowed: true }],
    ['an incomplete last row', [saved, newRow('HIGH')], { allowed: false, message: INCOMPLETE_ROW_MESSAGE }],
    [
      'a last row without delay',
      [{ ...saved, delay: null }],
      { allowed: false, message: 'Please complete the previous notification before adding another.' },
    ],
  ])('adding after %s', (_case, rows, decision) => {
    expect(canAddRow(rows)).toEqual(decision);
  });

  it.each([
    ['PT0S', 'PT1M'],
    ['PT5M', 'PT10M'],
    ['PT30M', 'PT1H'],
  ])('duplicates a %s row as an unsaved copy at %s', (delay, next) => {
    expect(duplicateRow({ ...saved, delay })).toEqual({
      notification_type: 'sms',
      destination: { type: 'phone', value: '+15550001' },
      delay: next,
      notification_priority: 'HIGH',
    });
  });

  it.each([
    ['at 1 hour', { ...saved, delay: 'PT1H' }],
    ['without a delay', { ...saved, delay: null }],
  ])('does not offer duplicate %s', (_case, row) => {
    expect(duplicateRow(row)).toBeNull();
  });

  it.each([
    ['email', 'No Email destinations available. Please add one or verify in your Profile settings.'],
    ['sms', 'No Phone destinations available. Please add one or verify in your Profile settings.'],
    ['phone', 'No Phone destinations available. Please add one or verify in your Profile settings.'],
    [
      'microsoft_teams',
      'No Microsoft Teams destinations available. Please add one or verify in your Profile settings.',
    ],
    ['fcm', 'No Push destinations available. Please add one or verify in your Profile settings.'],
  ] as const)('names the missing %s destination', (kind, message) => {
    expect(noDestinationsMessage(kind)).toBe(message);
  });
});
