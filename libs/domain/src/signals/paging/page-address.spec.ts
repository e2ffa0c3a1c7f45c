import { maskedPageAddress } from './page-address';

describe('maskedPageAddress', () => {
  it.each([
    ['sms', '+15550001234', '*** 1234'],
    ['voice', '+44 20 7946 0958', '*** 0958'],
    ['whats_app', '+15550009876', '*** 9876'],
    ['sms', '123', '***'],
    ['email', 'ann@example.com', 'Email'],
    ['slack', 'https://hooks.slack.com/services/T/B/secret', 'Slack'],
    ['microsoft_teams', 'https://example.webhook.office.com/x', 'Microsoft Teams'],
    ['apns', 'device-token', 'Push'],
  ] as const)('%s %s reads %s', (channel, address, shown) => {
    expect(maskedPageAddress(channel, address)).toBe(shown);
    expect(maskedPageAddress(channel, address)).not.toContain(address);
  });
});
