/**
 * Path segments that are credentials: the segment after each marker (calendar feeds, reset, invitation,
 * email-change and address-verification links, ingest URLs, on the web pages and the API alike).
 */
const SECRET_SEGMENTS = [
  /(\/calendars\/)[^/?#]+/gi,
  /(\/password_resets\/)[^/?#]+/gi,
  /(\/invitations\/)[^/?#]+/gi,
  /(\/email_changes?\/)[^/?#]+/gi,
  /(\/alternative_emails\/verify\/)[^/?#]+/gi,
  /(\/alternative_emails\/)[^/?#]+(?=\/verify)/gi,
  // event sources' ingest URLs (the body-style PagerDuty URL carries no token in its path)
  /(\/ingest\/)(?!pagerduty\/v2\/enqueue(?:[?#]|$))[^/?#]+/gi,
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
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const segment of SECRET_SEGMENTS) path = path.replace(segment, `$1${REDACTED}`);
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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
