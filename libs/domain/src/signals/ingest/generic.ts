import { PRIORITIES, type Priority } from '../../notification-policy/constants';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import {
  DEDUP_KEY_MAX_LENGTH,
  isObject,
  Problems,
  readLabels,
  readLinks,
  SUMMARY_MAX_LENGTH,
  type ParsedPayload,
} from './payload';

export const GENERIC_STATUSES = ['trigger', 'acknowledge', 'resolve'] as const;
export const DEFAULT_PRIORITY: Priority = 'MEDIUM';

/**
 * Tocsin's own format, `POST /ingest/{token}` (README "Ingest"):
 * `{ summary, status?: trigger | acknowledge | resolve, dedup_key?, priority?: HIGH | MEDIUM | LOW, labels?, links? }`.
 * A trigger without `dedup_key` is an alert of its own (`newKey`, made by the caller); acknowledge and resolve
 * name the alert by its `dedup_key`. Other fields are ignored, so a tool may send more than this.
 */
export function parseGeneric(body: unknown, newKey: string): ParsedPayload {
  const problems = new Problems();
  if (!isObject(body)) {
    problems.add('body', 'The body must be a JSON object');
    return problems.result([]);
  }
  const status = body.status ?? 'trigger';
  if (typeof status !== 'string' || !(GENERIC_STATUSES as readonly string[]).includes(status)) {
    problems.add('status', FIELD_MESSAGES.oneOf('status', GENERIC_STATUSES));
  }
  const dedupKey = body.dedup_key;
  if (dedupKey !== undefined && dedupKey !== null) {
    if (typeof dedupKey !== 'string' || dedupKey === '') problems.add('dedup_key', 'dedup_key must be text');
    else if (dedupKey.length > DEDUP_KEY_MAX_LENGTH)
      problems.add('dedup_key', FIELD_MESSAGES.maxLength('dedup_key', DEDUP_KEY_MAX_LENGTH));
  } else if (status === 'acknowledge' || status === 'resolve') {
    problems.add('dedup_key', `dedup_key is required to ${status} an alert`);
  }
  const key = typeof dedupKey === 'string' && dedupKey !== '' ? dedupKey : newKey;
  if (status === 'acknowledge' || status === 'resolve') return problems.result([{ action: status, dedupKey: key }]);

  const summary = typeof body.summary === 'string' ? body.summary.trim() : '';
  if (body.summary !== undefined && typeof body.summary !== 'string') problems.add('summary', 'summary must be text');
  else if (!summary) problems.add('summary', FIELD_MESSAGES.required('summary'));
  else if (summary.length > SUMMARY_MAX_LENGTH)
    problems.add('summary', FIELD_MESSAGES.maxLength('summary', SUMMARY_MAX_LENGTH));
  const priority = body.priority === undefined || body.priority === null ? DEFAULT_PRIORITY : body.priority;
  const upper = typeof priority === 'string' ? priority.toUpperCase() : '';
  if (!(PRIORITIES as readonly string[]).includes(upper))
    problems.add('priority', FIELD_MESSAGES.oneOf('priority', PRIORITIES));
  const labels = readLabels(body.labels, 'labels', problems);
  const links = readLinks(body.links, 'links', problems);
  return problems.result([
    { action: 'trigger', dedupKey: key, content: { summary, priority: upper as Priority, labels, links } },
  ]);
}
