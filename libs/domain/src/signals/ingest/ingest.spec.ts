import { alertIdFor, alertStreamFor } from '../alerts/alert-id';
import { alertmanagerDedupKey, parseAlertmanager, severityPriority } from './alertmanager';
import { parseGeneric } from './generic';
import { parsePagerDuty } from './pagerduty';
import { payloadOutcome } from './log';

describe('reading payloads', () => {
  it('generic: a trigger with defaults, and a key of its own when none is sent', () => {
    expect(parseGeneric({ summary: ' Backup failed ', extra: 'ignored' }, 'new-key')).toEqual({
      ok: true,
      actions: [
        {
          action: 'trigger',
          dedupKey: 'new-key',
          content: { summary: 'Backup failed', priority: 'MEDIUM', labels: {}, links: [] },
        },
      ],
    });
    expect(parseGeneric({ status: 'resolve', dedup_key: 'k' }, 'n')).toEqual({
      ok: true,
      actions: [{ action: 'resolve', dedupKey: 'k' }],
    });
    expect(parseGeneric([], 'n')).toMatchObject({ ok: false, fields: { body: ['The body must be a JSON object'] } });
    expect(parseGeneric({ summary: 'x', labels: { n: 1, b: true } }, 'n')).toMatchObject({
      ok: true,
      actions: [{ content: { labels: { n: '1', b: 'true' } } }],
    });
    expect(parseGeneric({ summary: 'x', links: [{ href: 'javascript:alert(1)' }] }, 'n')).toMatchObject({
      ok: false,
      fields: { 'links[0].href': ['links[0].href must be an http or https address'] },
    });
  });

  it('Alertmanager: the fingerprint as sent, else the sorted label set; never the summary', () => {
    const labels = { alertname: 'DiskFull', instance: 'db-1' };
    const reordered = { instance: 'db-1', alertname: 'DiskFull' };
    expect(alertmanagerDedupKey('abc', labels)).toBe('abc');
    expect(alertmanagerDedupKey(undefined, labels)).toBe(alertmanagerDedupKey('', reordered));
    expect(alertmanagerDedupKey(undefined, labels)).not.toBe(alertmanagerDedupKey(undefined, { alertname: 'x' }));
    const payload = (summary: string) => ({
      version: '4',
      status: 'firing',
      alerts: [{ status: 'firing', labels, annotations: { summary } }],
    });
    const [a] = (parseAlertmanager(payload('91%')) as { actions: Array<{ dedupKey: string }> }).actions;
    const [b] = (parseAlertmanager(payload('95%')) as { actions: Array<{ dedupKey: string }> }).actions;
    expect(a.dedupKey).toBe(b.dedupKey);
  });

  it('Alertmanager: severity to priority', () => {
    expect(['critical', 'PAGE', 'warning', 'info', 'whatever', undefined].map(severityPriority)).toEqual([
      'HIGH',
      'HIGH',
      'MEDIUM',
      'LOW',
      'MEDIUM',
      'MEDIUM',
    ]);
  });

  it('PagerDuty: the fields a trigger needs, in PagerDuty words', () => {
    expect(parsePagerDuty({ event_action: 'trigger', payload: {} }, 'n')).toMatchObject({
      ok: false,
      errors: [
        "'payload.summary' is missing or blank",
        "'payload.source' is missing or blank",
        "'payload.severity' is missing or blank",
      ],
    });
    expect(parsePagerDuty({ event_action: 'resolve' }, 'n')).toMatchObject({
      ok: false,
      errors: ["'dedup_key' is missing or blank"],
    });
    expect(
      parsePagerDuty(
        {
          event_action: 'trigger',
          payload: {
            summary: 's'.repeat(1024),
            source: 'web-1',
            severity: 'info',
            custom_details: { nested: { a: 1 } },
          },
        },
        'n',
      ),
    ).toMatchObject({
      ok: true,
      actions: [
        {
          dedupKey: 'n',
          content: { priority: 'LOW', labels: { source: 'web-1', nested: '{"a":1}' }, summary: 's'.repeat(1024) },
        },
      ],
    });
  });

  it('PagerDuty: a summary or dedup_key beyond its documented bound is refused, naming the field, not cut', () => {
    const trigger = (summary: string, dedupKey?: string) => ({
      event_action: 'trigger',
      ...(dedupKey !== undefined && { dedup_key: dedupKey }),
      payload: { summary, source: 'web-1', severity: 'info' },
    });
    expect(parsePagerDuty(trigger('s'.repeat(1025)), 'n')).toMatchObject({
      ok: false,
      errors: ["'payload.summary' is too long (at most 1024 characters)"],
      fields: { 'payload.summary': ["'payload.summary' is too long (at most 1024 characters)"] },
    });
    expect(parsePagerDuty(trigger('ok', 'k'.repeat(256)), 'n')).toMatchObject({
      ok: false,
      errors: ["'dedup_key' is too long (at most 255 characters)"],
    });
    expect(parsePagerDuty({ event_action: 'resolve', dedup_key: 'k'.repeat(256) }, 'n')).toMatchObject({ ok: false });
    expect(parsePagerDuty(trigger('ok', 'k'.repeat(255)), 'n')).toMatchObject({ ok: true });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'reads a severity of %s as an unknown one: the documented default, never a priority from the prototype',
    (severity) => {
      const group = parseAlertmanager({
        version: '4',
        alerts: [{ status: 'firing', labels: { alertname: 'X', severity } }],
      });
      expect(group).toMatchObject({ ok: true, actions: [{ content: { priority: 'MEDIUM' } }] });
      expect(
        parsePagerDuty({ event_action: 'trigger', payload: { summary: 's', source: 'h', severity } }, 'n'),
      ).toMatchObject({ ok: false, fields: { 'payload.severity': [expect.stringContaining('is invalid')] } });
      expect(parseGeneric({ summary: 's', priority: severity }, 'n')).toMatchObject({ ok: false });
    },
  );

  it('names alerts by source and key, differently per source', () => {
    expect(alertIdFor('s1', 'k')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(alertIdFor('s1', 'k')).toBe(alertIdFor('s1', 'k'));
    expect(alertIdFor('s1', 'k')).not.toBe(alertIdFor('s2', 'k'));
    expect(alertStreamFor('s1', 'k')).toMatch(/^alert-s1-[0-9a-f]{64}$/);
  });

  it('a group reads as what changed first', () => {
    const r = (outcome: Parameters<typeof payloadOutcome>[0][number]['outcome']) => ({
      outcome,
      dedupKey: 'k',
      alertId: 'a',
    });
    expect(payloadOutcome([r('deduplicated'), r('new_alert')])).toBe('new_alert');
    expect(payloadOutcome([r('deduplicated'), r('ignored')])).toBe('deduplicated');
  });
});
