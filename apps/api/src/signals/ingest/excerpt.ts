/** How much of a refused payload the log keeps, so a person sees what was sent without the log holding floods. */
export const EXCERPT_LENGTH = 1000;
/** Text masked before the cut: a secret beginning before the cut and ending after it is masked all the same. */
const MASKED_SPAN = EXCERPT_LENGTH * 4;

/** Field names whose values are credentials (a PagerDuty `routing_key`, API keys, tokens, passwords). */
const SECRET_NAME =
  /token|secret|passw|pwd|authori[sz]ation|credential|cookie|signature|(?:^|[_-])(?:routing|integration|service|api|access|private|auth)[_-]?key$|^key$|apikey/i;
/** A JSON member: its quoted name, then a string (maybe cut off at the end of the span) or a bare value. */
const MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[^\s,{}[\]"]+)/g;

/**
 * The start of a refused payload for the ingest log, which everyone with read_alerts reads: the source's token
 * and the values of secret-named fields are masked first, then the text is cut to length.
 */
export function payloadExcerpt(body: Buffer, token: string): string {
  const text = body.subarray(0, MASKED_SPAN).toString('utf8').split(token).join('[token]');
  // the source's own token keeps its marker: the entry then tells it was sent as the routing_key
  const masked = text.replace(MEMBER, (member, name: string, colon: string, value: string) =>
    SECRET_NAME.test(name) && value !== '"[token]"' ? `"${name}"${colon}"[redacted]"` : member,
  );
  return masked.slice(0, EXCERPT_LENGTH);
}
