import type { Priority } from '../../notification-policy/constants';
import {
  DEDUP_KEY_MAX_LENGTH,
  isObject,
  Problems,
  readLabels,
  readLinks,
  SUMMARY_MAX_LENGTH,
  type ParsedPayload,
} from './payload';
import { ownValue } from '../../shared/own';

export const PAGERDUTY_ACTIONS = ['trigger', 'acknowledge', 'resolve'] as const;
export const PAGERDUTY_SEVERITIES: Record<string, Priority> = {
  critical: 'HIGH',
  error: 'HIGH',
  warning: 'MEDIUM',
  info: 'LOW',
};

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The PagerDuty Events API v2 event (`routing_key` is checked by the caller: it is the source's token). A
 * trigger needs `payload.summary`, `payload.source` and `payload.severity`; acknowledge and resolve need
 * `dedup_key`. A trigger without `dedup_key` gets `newKey`, which the answer returns. PagerDuty's documented
 * bounds are refused, never cut: a summary over 1024 characters, a dedup_key over 255; `source`, `component`, `group`, `class` and `custom_details` become labels.
 */
export function parsePagerDuty(body: unknown, newKey: string): ParsedPayload {
  const problems = new Problems();
  if (!isObject(body)) {
    problems.add('body', 'Event object must be a JSON object');
    return problems.result([]);
  }
  const action = body.event_action;
  if (blank(action)) problems.add('event_action', "'event_action' is missing or blank");
  else if (!(PAGERDUTY_ACTIONS as readonly unknown[]).includes(action)) {
    problems.add('event_action', "'event_action' is invalid (must be one of: 'trigger', 'acknowledge' or 'resolve')");
  }
  const dedupKey = body.dedup_key;
  if (
    dedupKey !== undefined &&
    dedupKey !== null &&
    (typeof dedupKey !== 'string' || dedupKey.length > DEDUP_KEY_MAX_LENGTH)
  ) {
    problems.add(
      'dedup_key',
      typeof dedupKey === 'string'
        ? `'dedup_key' is too long (at most ${DEDUP_KEY_MAX_LENGTH} characters)`
        : "'dedup_key' must be text",
    );
  }
  const key = typeof dedupKey === 'string' && dedupKey !== '' ? dedupKey : null;
  if (action === 'acknowledge' || action === 'resolve') {
    if (key === null) problems.add('dedup_key', "'dedup_key' is missing or blank");
    return problems.result(key === null ? [] : [{ action, dedupKey: key }]);
  }
  const payload = isObject(body.payload) ? body.payload : null;
  if (!payload) {
    problems.add('payload', "'payload' is missing or not an object");
    return problems.result([]);
  }
  if (blank(payload.summary)) problems.add('payload.summary', "'payload.summary' is missing or blank");
  else if ((payload.summary as string).length > SUMMARY_MAX_LENGTH) {
    problems.add('payload.summary', `'payload.summary' is too long (at most ${SUMMARY_MAX_LENGTH} characters)`);
  }
  if (blank(payload.source)) problems.add('payload.source', "'payload.source' is missing or blank");
  const severity = typeof payload.severity === 'string' ? ownValue(PAGERDUTY_SEVERITIES, payload.severity) : undefined;
  if (blank(payload.severity)) problems.add('payload.severity', "'payload.severity' is missing or blank");
  else if (!severity) {
    problems.add(
      'payload.severity',
      "'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')",
    );
  }
  const details = isObject(payload.custom_details) ? payload.custom_details : {};
  const named: Record<string, unknown> = {};
  for (const field of ['source', 'component', 'group', 'class'] as const) {
    if (typeof payload[field] === 'string' && payload[field] !== '') named[field] = payload[field];
  }
  const labels = readLabels({ ...details, ...named }, 'payload.custom_details', problems, true);
  const links = readLinks(body.links, 'links', problems, true);
  if (typeof body.client_url === 'string' && typeof body.client === 'string') {
    links.push(...readLinks([{ href: body.client_url, text: body.client }], 'client_url', problems, true));
  }
  const summary = typeof payload.summary === 'string' ? payload.summary.trim() : '';
  return problems.result([
    { action: 'trigger', dedupKey: key ?? newKey, content: { summary, priority: severity ?? 'MEDIUM', labels, links } },
  ]);
}
