import { describe, expect, it } from '@jest/globals';
import { csvCell } from '@tocsin/domain';
import { chartsCsv } from './chart-csv';
import { readableDuration, readableSeconds, windowQuery } from './chart-window';

describe('alert charts CSV', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('writes the buckets, then the sources and teams', () => {
    const csv = chartsCsv({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-01T02:00:00.000Z',
      bucket: 'PT1H',
      total: 3,
      volume: [
        { start: '2026-11-01T00:00:00.000Z', total: 2, high: 1, medium: 1, low: 0 },
        { start: '2026-11-01T01:00:00.000Z', total: 1, high: 0, medium: 0, low: 1 },
      ],
      by_source: [{ id: 's1', name: 'Prometheus, prod', count: 3 }],
      by_team: [{ id: 't1', name: 'Databases', count: 3 }],
      noisiest_sources: [{ id: 's1', name: 'Prometheus, prod', count: 3 }],
      time_to_acknowledge: { acknowledged: 1, unacknowledged: 2, median: 'PT30S', p90: 'PT30S' },
      time_to_acknowledge_series: [
        { start: '2026-11-01T00:00:00.000Z', acknowledged: 1, median_seconds: 30 },
        { start: '2026-11-01T01:00:00.000Z', acknowledged: 0, median_seconds: null },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'bucket_start,alerts,high,medium,low,acknowledged,median_seconds_to_acknowledge',
      '2026-11-01T00:00:00.000Z,2,1,1,0,1,30',
      '2026-11-01T01:00:00.000Z,1,0,0,1,0,',
      '',
      'source_id,source,alerts',
      's1,"Prometheus, prod",3',
      '',
      'team_id,team,alerts',
      't1,Databases,3',
      '',
    ]);
  });

  it('reads durations as people do, and windows end on the next minute', () => {
    expect(readableDuration('PT1H2M3S')).toBe('1 h 2 min 3 s');
    expect(readableDuration('PT0S')).toBe('0 s');
    expect(readableDuration(null)).toBe('—');
    expect(readableSeconds(3725)).toBe('1 h 2 min 5 s');
    expect(readableSeconds(0)).toBe('0 s');
    const { from, to } = windowQuery(7, Date.parse('2026-11-27T10:15:30Z'));
    expect([from, to]).toEqual(['2026-11-20T10:16:00.000Z', '2026-11-27T10:16:00.000Z']);
  });
});
