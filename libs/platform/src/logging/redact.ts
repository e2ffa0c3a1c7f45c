/** What a secret path segment may hold: up to the next separator, or the end of a URL quoted in a message. */
const SEGMENT = String.raw`[^/?#\s"'<>]+`;
const segmentAfter = (marker: string, lookahead = '') => new RegExp(`(${marker})${SEGMENT}${lookahead}`, 'gi');

/**
 * Path segments that are credentials: the segment after each marker (calendar feeds, reset, invitation,
 * email-change and address-verification links, signed action links, ingest URLs, on the web pages and the API
 * alike), and any calendar feed file (`*.ics`) whatever its path.
 */
const SECRET_SEGMENTS = [
  segmentAfter(String.raw`\/calendars?\/`),
  segmentAfter(String.raw`\/password_resets\/`),
  segmentAfter(String.raw`\/invitations\/`),
  segmentAfter(String.raw`\/email_changes?\/`),
  segmentAfter(String.raw`\/alternative_emails\/verify\/`),
  segmentAfter(String.raw`\/alternative_emails\/`, String.raw`(?=\/verify)`),
  // the signed acknowledge and resolve links (`/signals/alerts/{id}/actions/{token}`)
  segmentAfter(String.raw`\/actions\/`),
  // event sources' ingest URLs (the body-style PagerDuty URL carries no token in its path)
  segmentAfter(String.raw`\/ingest\/(?!pagerduty\/v2\/enqueue(?:[?#\s"'<>]|$))`),
  // heartbeats' ping URLs (`/heartbeats/{token}`; not the API's `/signals/heartbeats/{id}`)
  segmentAfter(String.raw`(?<!\/signals)\/heartbeats\/`),
  segmentAfter('/', String.raw`\.ics(?=[?#\s"'<>]|$)`),
];
/** Query values that are credentials: sign-up link tokens, the identity provider's code and state, any key or signature. */
const SECRET_PARAMS = /token|code|state|secret|signature|key|password/i;

export const REDACTED = '[redacted]';

/**
 * A request URL fit for the logs (ARCHITECTURE.md "Security rules": URLs that carry tokens are not
 * logged): the route stays readable, the credentials in it do not.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = redactSecretPaths(queryAt < 0 ? url : url.slice(0, queryAt));
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMS.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/** Any text (a message, a stack trace) with the secret segments of the paths it mentions redacted. */
export function redactSecretPaths(text: string): string {
  let redacted = text;
  for (const segment of SECRET_SEGMENTS) redacted = redacted.replace(segment, `$1${REDACTED}`);
  return redacted;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
