import { describe, expect, it } from '@jest/globals';
import type { DestinationOption } from '@tocsin/contracts';
import { destinationsForChoice, typeChoices, typeToSave } from './type-options';

const available: DestinationOption[] = [
  { type: 'email', value: 'ana@example.com', label: 'ana@example.com' },
  { type: 'phone', value: '+14155550100', label: '+14155550100' },
  { type: 'fcm', value: 'pixel', label: 'Pixel' },
  { type: 'apns', value: 'iphone', label: 'iPhone' },
];

describe('notification type choices', () => {
  it('offers every type once, Push once for both device kinds, WhatsApp unless its flag hides it', () => {
    expect(typeChoices({ hideWhatsApp: false }).map((choice) => choice.label)).toEqual([
      'Email',
      'Slack',
      'Microsoft Teams',
      'SMS',
      'Voice',
      'WhatsApp',
      'Push',
    ]);
    expect(typeChoices({ hideWhatsApp: true }).map((choice) => choice.value)).not.toContain('whats_app');
  });

  it('finds the destinations of a choice: a phone for SMS, voice and WhatsApp, every device for Push', () => {
    expect(destinationsForChoice('sms', available).map((d) => d.value)).toEqual(['+14155550100']);
    expect(destinationsForChoice('apns', available).map((d) => d.value)).toEqual(['pixel', 'iphone']);
    expect(destinationsForChoice('slack', available)).toEqual([]);
  });

  it('saves Push as the kind of the chosen device', () => {
    expect(typeToSave('apns', 'fcm')).toBe('fcm');
    expect(typeToSave('apns', 'apns')).toBe('apns');
    expect(typeToSave('voice', 'phone')).toBe('voice');
  });
});
