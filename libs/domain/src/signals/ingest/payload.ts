import type { AlertContent } from '../alerts/events';

/**
 * What one payload asks, once read in its format: open (or repeat) alerts, or acknowledge / resolve them, each
 * by its dedup key. A payload of the Alertmanager holds many; the other formats one.
 */
export type IngestAction =
  | { action: 'trigger'; dedupKey: string; content: AlertContent }
  | { action: 'acknowledge' | 'resolve'; dedupKey: string };

/**
 * A payload read: its actions, or why it is refused. `errors` are sentences for the sender (PagerDuty's
 * `errors` list); `fields` the same keyed by the field at fault (the API's `fields`).
 */
export type ParsedPayload =
  { ok: true; actions: IngestAction[] } | { ok: false; errors: string[]; fields: Record<string, string[]> };

export const SUMMARY_MAX_LENGTH = 1024;
export const DEDUP_KEY_MAX_LENGTH = 255;
export const LABELS_MAX = 64;
export const LABEL_NAME_MAX_LENGTH = 100;
export const LABEL_VALUE_MAX_LENGTH = 1000;
export const LINKS_MAX = 20;
export const LINK_HREF_MAX_LENGTH = 2048;
export const LINK_TEXT_MAX_LENGTH = 200;
/** Alerts one Alertmanager group may carry. */
export const GROUP_MAX_ALERTS = 1000;

/** Collects field messages while a payload is read. */
export class Problems {
  readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  result(actions: IngestAction[]): ParsedPayload {
    if (!this.any) return { ok: true, actions };
    return { ok: false, errors: Object.values(this.fields).flat(), fields: this.fields };
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Labels as text: numbers and booleans are written out (tools differ), anything else is refused. An empty
 * value is kept: `exists` in a rule treats it as absent.
 */
export function readLabels(value: unknown, field: string, problems: Problems, lenient = false): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    problems.add(field, `${field} must be an object of names to text values`);
    return {};
  }
  const labels: Record<string, string> = {};
  const entries = Object.entries(value);
  if (entries.length > LABELS_MAX && !lenient) problems.add(field, `${field} must hold at most ${LABELS_MAX} labels`);
  for (const [name, raw] of entries.slice(0, LABELS_MAX)) {
    if (name === '' || name.length > LABEL_NAME_MAX_LENGTH) {
      if (!lenient) problems.add(field, `${field} names must be 1 to ${LABEL_NAME_MAX_LENGTH} characters`);
      continue;
    }
    let text: string;
    if (typeof raw === 'string') text = raw;
    else if (typeof raw === 'number' || typeof raw === 'boolean') text = String(raw);
    else if (lenient) text = JSON.stringify(raw) ?? '';
    else {
      problems.add(`${field}.${name}`, `${field}.${name} must be text`);
      continue;
    }
    if (text.length > LABEL_VALUE_MAX_LENGTH) {
      if (!lenient) {
        problems.add(`${field}.${name}`, `${field}.${name} must be at most ${LABEL_VALUE_MAX_LENGTH} characters`);
        continue;
      }
      text = text.slice(0, LABEL_VALUE_MAX_LENGTH);
    }
    labels[name] = text;
  }
  return labels;
}

/** An http(s) address, or null. */
export function linkHref(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > LINK_HREF_MAX_LENGTH) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** `[{ href, text? }]`; strict refuses a bad entry, lenient (a tool's optional extras) skips it. */
export function readLinks(
  value: unknown,
  field: string,
  problems: Problems,
  lenient = false,
): Array<{ href: string; text: string }> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    if (!lenient) problems.add(field, `${field} must be a list of { href, text }`);
    return [];
  }
  if (value.length > LINKS_MAX && !lenient) problems.add(field, `${field} must hold at most ${LINKS_MAX} links`);
  const links: Array<{ href: string; text: string }> = [];
  value.slice(0, LINKS_MAX).forEach((entry: unknown, i) => {
    const href = isObject(entry) ? linkHref(entry.href) : null;
    if (!href) {
      if (!lenient) problems.add(`${field}[${i}].href`, `${field}[${i}].href must be an http or https address`);
      return;
    }
    const text = isObject(entry) && typeof entry.text === 'string' ? entry.text.slice(0, LINK_TEXT_MAX_LENGTH) : '';
    links.push({ href, text: text || href });
  });
  return links;
}

/** A label set's own key, the same whatever order the tool lists them in. */
export function labelSetKey(labels: Record<string, string>): string {
  const sorted = Object.keys(labels)
    .sort()
    .map((name) => [name, labels[name]]);
  return JSON.stringify(sorted);
}
