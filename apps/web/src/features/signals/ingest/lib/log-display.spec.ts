import { describe, expect, it } from '@jest/globals';
import type { IngestLogEntry } from '@tocsin/contracts';
import { logsQuery, logSummary, readLogFilters, writeLogFilters } from './log-display';

const entry = (change: Partial<IngestLogEntry>): IngestLogEntry => ({
  id: 'p1',
  source_id: 's1',
  format: 'alertmanager',
  outcome: 'new_alert',
  results: [],
  message: null,
  errors: [],
  excerpt: null,
  received_at: '2026-11-24T12:00:00Z',
  ...change,
});
const result = (outcome: IngestLogEntry['outcome'], summary: string | null = null) => ({
  outcome,
  alert_id: 'a',
  dedup_key: 'k',
  summary,
  episode: 1,
  rule_id: null,
});

describe('the event log in words', () => {
  it('says why a payload was refused', () => {
    expect(
      logSummary(
        entry({
          outcome: 'rejected',
          message: 'summary is a required field',
          errors: ['summary is a required field', 'priority must be one of HIGH, MEDIUM, LOW'],
        }),
      ),
    ).toBe('summary is a required field; priority must be one of HIGH, MEDIUM, LOW');
    expect(logSummary(entry({ outcome: 'rate_limited' }))).toBe('Rate limited (429)');
  });

  it("names a single alert, and counts a group's outcomes", () => {
    expect(logSummary(entry({ results: [result('new_alert', 'Disk full')] }))).toBe('Disk full');
    expect(logSummary(entry({ results: [result('new_alert'), result('deduplicated'), result('new_alert')] }))).toBe(
      '3 alerts: 2 new, 1 deduplicated',
    );
  });

  it('keeps its filters in the address, ignoring unknown outcomes', () => {
    const filters = readLogFilters(new URLSearchParams('source=s1&outcome=rejected&page=2'));
    expect(filters).toEqual({ sourceId: 's1', outcome: 'rejected', page: 2 });
    expect(writeLogFilters(filters).toString()).toBe('source=s1&outcome=rejected&page=2');
    expect(readLogFilters(new URLSearchParams('outcome=exploded'))).toEqual({ sourceId: null, outcome: null, page: 1 });
    expect(logsQuery(filters)).toEqual({ source_id: 's1', outcome: 'rejected', page: 2, per_page: 50 });
  });
});
