import { NOTIFICATION_GROUP_METHODS } from '../notification-policy/constants';
import { appliesTo } from '../notification-policy/compliance';
import { AUTO_FIX_TYPES } from './auto-fix';
import { DELAY_OPTIONS, isDelayOption, longestDelayWithin, nextLongerDelay } from './delay-options';
import {
  destinationsFor,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_DESTINATIONS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type Destination,
} from './notification-types';
import { WORKING_HOURS_DEFAULTS } from './working-hours';

describe('delay options', () => {
  it('are the eight options of SPEC.md section 3 with their labels, shortest first (labels are read from each length)', () => {
    expect(DELAY_OPTIONS).toEqual([
      { value: 'PT0S', label: 'Immediately' },
      { value: 'PT1M', label: '1 min' },
      { value: 'PT2M', label: '2 mins' },
      { value: 'PT5M', label: '5 mins' },
      { value: 'PT10M', label: '10 mins' },
      { value: 'PT15M', label: '15 mins' },
      { value: 'PT30M', label: '30 mins' },
      { value: 'PT1H', label: '1 hour' },
    ]);
  });

  it.each([
    ['PT0S', 'PT1M'],
    ['PT1M', 'PT2M'],
    ['PT2M', 'PT5M'],
    ['PT5M', 'PT10M'],
    ['PT10M', 'PT15M'],
    ['PT15M', 'PT30M'],
    ['PT30M', 'PT1H'],
    ['PT1H', null],
    ['PT3M', null],
    ['PT60M', null],
  ])('after %s the next longer delay is %s', (delay, next) => {
    expect(nextLongerDelay(delay)).toBe(next);
  });

  it.each([
    ['PT5M', 'PT5M'],
    ['PT3M', 'PT2M'],
    ['PT59S', 'PT0S'],
    ['PT2H', 'PT1H'],
    ['PT0S', 'PT0S'],
    ['soon', 'PT0S'],
  ])('the longest option within %s is %s', (limit, option) => {
    expect(longestDelayWithin(limit)).toBe(option);
  });

  it.each([
    ['PT15M', true],
    ['PT3M', false],
    ['PT60S', false],
    [300, false],
    [null, false],
  ])('%j is an option: %s', (value, expected) => {
    expect(isDelayOption(value)).toBe(expected);
  });
});

describe('notification types', () => {
  it.each([
    ['email', 'Email', 'email', 'email'],
    ['slack', 'Slack', 'slack', 'chat'],
    ['microsoft_teams', 'Microsoft Teams', 'microsoft_teams', 'chat'],
    ['sms', 'SMS', 'phone', 'mobile_text'],
    ['voice', 'Voice', 'phone', 'voice'],
    ['whats_app', 'WhatsApp', 'phone', 'mobile_text'],
    ['apns', 'Push', 'apns', 'push'],
    ['fcm', 'Push', 'fcm', 'push'],
  ] as const)(
    '%s reads %s, goes to a %s destination and belongs to the %s channel',
    (type, label, destination, channel) => {
      expect(NOTIFICATION_TYPE_LABELS[type]).toBe(label);
      expect(NOTIFICATION_TYPE_DESTINATIONS[type]).toBe(destination);
      expect(NOTIFICATION_CHANNELS[type]).toBe(channel);
    },
  );

  it('offers every type once, in the select order', () => {
    expect(NOTIFICATION_TYPES).toEqual([
      'email',
      'slack',
      'microsoft_teams',
      'sms',
      'voice',
      'whats_app',
      'apns',
      'fcm',
    ]);
  });

  it('keeps the destinations of the type, in their given order', () => {
    const available: Destination[] = [
      { type: 'phone', value: '+15550001' },
      { type: 'email', value: 'a@b.co' },
      { type: 'phone', value: '+15550002' },
    ];
    expect(destinationsFor('whats_app', available)).toEqual([available[0], available[2]]);
    expect(destinationsFor('email', available)).toEqual([available[1]]);
    expect(destinationsFor('slack', available)).toEqual([]);
  });
});

describe('auto-fix table', () => {
  it.each(NOTIFICATION_GROUP_METHODS.map((method) => [method]))(
    'only creates settings that %s policy items apply to',
    (method) => {
      expect(AUTO_FIX_TYPES[method].length).toBeGreaterThan(0);
      expect(AUTO_FIX_TYPES[method].filter((type) => !appliesTo(method, type))).toEqual([]);
    },
  );
});

it('working hours default to a standard weekday 09:00-17:00 UTC', () => {
  expect(WORKING_HOURS_DEFAULTS).toEqual({
    hours_setting: 'standard',
    workdays: 'weekdays',
    start_time: '09:00',
    end_time: '17:00',
    time_zone: 'UTC',
    days: {
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      saturday: false,
      sunday: false,
    },
  });
});
