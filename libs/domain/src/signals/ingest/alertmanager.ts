import type { Priority } from '../../notification-policy/constants';
import { sha256Hex } from '../../shared/sha256';
import {
  DEDUP_KEY_MAX_LENGTH,
  GROUP_MAX_ALERTS,
  isObject,
  labelSetKey,
  linkHref,
  Problems,
  readLabels,
  SUMMARY_MAX_LENGTH,
  type IngestAction,
  type ParsedPayload,
} from './payload';
import { ownValue } from '../../shared/own';

/**
 * The `severity` label, as Prometheus rules usually set it, to a priority (README "Ingest"). Anything else,
 * or no severity, is MEDIUM; a team rule can override the priority on any label.
 */
export const ALERTMANAGER_SEVERITY: Record<string, Priority> = {
  critical: 'HIGH',
  page: 'HIGH',
  high: 'HIGH',
  error: 'HIGH',
  warning: 'MEDIUM',
  warn: 'MEDIUM',
  medium: 'MEDIUM',
  info: 'LOW',
  low: 'LOW',
  none: 'LOW',
};

export const severityPriority = (severity: string | undefined): Priority =>
  (severity !== undefined && ownValue(ALERTMANAGER_SEVERITY, severity.toLowerCase())) || 'MEDIUM';

/**
 * The dedup key of one alert of a group: the fingerprint Alertmanager computed, kept as sent; else (older or
 * hand-made payloads) a hash of its sorted label set. Never the summary: a summary carrying a value (a disk
 * percentage) would open a new alert each time the value moves.
 */
export function alertmanagerDedupKey(fingerprint: unknown, labels: Record<string, string>): string {
  if (typeof fingerprint === 'string' && fingerprint !== '' && fingerprint.length <= DEDUP_KEY_MAX_LENGTH)
    return fingerprint;
  return `labels:${sha256Hex(labelSetKey(labels))}`;
}

/**
 * The Prometheus Alertmanager webhook (payload version 4): a group of alerts, each firing or resolved. Each
 * alert is its own action. A group holding an unreadable alert is refused whole, naming each one at fault
 * (nothing of it is applied: Alertmanager sends the group again once fixed).
 */
export function parseAlertmanager(body: unknown): ParsedPayload {
  const problems = new Problems();
  if (!isObject(body)) {
    problems.add('body', 'The body must be a JSON object (the Alertmanager webhook payload)');
    return problems.result([]);
  }
  if (body.version !== undefined && body.version !== '4') problems.add('version', 'version must be "4"');
  const alerts = body.alerts;
  if (!Array.isArray(alerts) || alerts.length === 0) {
    problems.add('alerts', 'alerts must be a list holding at least one alert');
    return problems.result([]);
  }
  if (alerts.length > GROUP_MAX_ALERTS) {
    problems.add('alerts', `alerts must hold at most ${GROUP_MAX_ALERTS} alerts`);
    return problems.result([]);
  }
  const externalURL = linkHref(body.externalURL);
  const commonAnnotations = isObject(body.commonAnnotations) ? body.commonAnnotations : {};
  const actions: IngestAction[] = alerts.map((alert: unknown, i) => {
    const at = `alerts[${i}]`;
    if (!isObject(alert)) {
      problems.add(at, `${at} must be an object`);
      return null;
    }
    const labels = readLabels(alert.labels, `${at}.labels`, problems, true);
    if (Object.keys(labels).length === 0 && typeof alert.fingerprint !== 'string') {
      problems.add(`${at}.labels`, `${at}.labels must name the alert (or send its fingerprint)`);
    }
    const status = alert.status ?? body.status;
    if (status !== 'firing' && status !== 'resolved')
      problems.add(`${at}.status`, `${at}.status must be firing or resolved`);
    const dedupKey = alertmanagerDedupKey(alert.fingerprint, labels);
    if (status === 'resolved') return { action: 'resolve' as const, dedupKey };
    const annotations = isObject(alert.annotations) ? alert.annotations : {};
    const text = (key: string) => {
      const value = annotations[key] ?? commonAnnotations[key];
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const summary = (text('summary') ?? text('description') ?? labels.alertname ?? 'Alertmanager alert').slice(
      0,
      SUMMARY_MAX_LENGTH,
    );
    const links = [
      { href: linkHref(alert.generatorURL), text: 'Source' },
      { href: linkHref(text('runbook_url')), text: 'Runbook' },
      { href: linkHref(text('dashboard_url')), text: 'Dashboard' },
      { href: externalURL, text: 'Alertmanager' },
    ].filter((link): link is { href: string; text: string } => link.href !== null);
    return {
      action: 'trigger' as const,
      dedupKey,
      content: { summary, priority: severityPriority(labels.severity), labels, links },
    };
  }) as IngestAction[];
  return problems.result(actions);
}
