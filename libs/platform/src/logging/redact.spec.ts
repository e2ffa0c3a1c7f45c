import { redactSecretPaths, redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/calendars/AbCdEfGhIjKlMnOpQrStUvWxYz012345.ics', '/calendars/[redacted]'],
    ['/Calendars/s3cr3t.ics', '/Calendars/[redacted]'],
    ['/password_resets/s3cr3t-Token_value', '/password_resets/[redacted]'],
    [
      '/registrations/0b6c9c1e-8d1a-4a57-9d3b-5d2b1f4f7a10/complete?token=s3cr3t',
      '/registrations/0b6c9c1e-8d1a-4a57-9d3b-5d2b1f4f7a10/complete?token=[redacted]',
    ],
    ['/api/v1/registrations/abc?token=s3cr3t&x=1', '/api/v1/registrations/abc?token=[redacted]&x=1'],
    ['/invitations/s3cr3t', '/invitations/[redacted]'],
    ['/api/v1/invitations/s3cr3t/accept', '/api/v1/invitations/[redacted]/accept'],
    ['/email_changes/s3cr3t/confirm', '/email_changes/[redacted]/confirm'],
    ['/api/v1/account/email_change/s3cr3t', '/api/v1/account/email_change/[redacted]'],
    ['/alternative_emails/s3cr3t/verify', '/alternative_emails/[redacted]/verify'],
    ['/internal_api/v1/alternative_emails/verify/s3cr3t', '/internal_api/v1/alternative_emails/verify/[redacted]'],
    [
      '/sessions/sso/callback?code=s3cr3t&state=s3cr3t2&iss=https%3A%2F%2Fidp',
      '/sessions/sso/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    ],
    ['/x?api_key=s3cr3t&%74oken=s3cr3t', '/x?api_key=[redacted]&%74oken=[redacted]'],
    ['/signals/alerts/a1/actions/s3cr3t.v1-x_y', '/signals/alerts/a1/actions/[redacted]'],
    ['/ingest/s3cr3t/pagerduty/v2/enqueue', '/ingest/[redacted]/pagerduty/v2/enqueue'],
    ['/heartbeats/s3cr3t', '/heartbeats/[redacted]'],
    ['/api/v1/signals/heartbeats/heartbeat-id', '/api/v1/signals/heartbeats/heartbeat-id'],
    ['/calendar/s3cr3t.ics', '/calendar/[redacted]'],
    ['/api/v1/schedules/1/feed/s3cr3t.ics?x=1', '/api/v1/schedules/1/feed/[redacted]?x=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
    expect(redactUrl(url)).not.toContain('s3cr3t');
  });

  it('redacts the paths a message or stack trace names, whole, and keeps the rest', () => {
    expect(
      redactSecretPaths('GET "https://t.example/signals/alerts/a/actions/s3cr3t" failed at /ingest/s3cr3t\n at x'),
    ).toBe('GET "https://t.example/signals/alerts/a/actions/[redacted]" failed at /ingest/[redacted]\n at x');
    expect(redactSecretPaths('POST /ingest/pagerduty/v2/enqueue answered 400')).toBe(
      'POST /ingest/pagerduty/v2/enqueue answered 400',
    );
  });

  it('keeps URLs without credentials as they are', () => {
    for (const url of [
      '/api/v1/history?per_page=2&before=10',
      '/api/v1/invitations',
      '/',
      '/api/v1/me?%E0%A4%A=1',
      '/x?flag',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});
