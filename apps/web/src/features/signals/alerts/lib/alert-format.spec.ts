import { describe, expect, it } from '@jest/globals';
import { canAcknowledge, canResolve, labelPairs, safeHref, timeAgo } from './alert-format';

describe('alert formatting', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo('2026-11-24T11:59:30Z', now, 'en')).toBe('just now');
    expect(timeAgo('2026-11-24T11:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(timeAgo('2026-11-24T10:00:00Z', now, 'en')).toBe('2 hours ago');
    expect(timeAgo('2026-11-23T12:00:00Z', now, 'en')).toBe('yesterday');
  });

  it('offers acknowledge only while triggered and resolve until resolved', () => {
    expect([canAcknowledge('triggered'), canAcknowledge('acknowledged'), canAcknowledge('resolved')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([canResolve('triggered'), canResolve('acknowledged'), canResolve('resolved')]).toEqual([true, true, false]);
  });

  it('lists labels sorted by name', () => {
    expect(labelPairs({ severity: 'page', alertname: 'DiskFull' })).toEqual(['alertname=DiskFull', 'severity=page']);
  });

  it('makes links only of http(s) addresses from the payload', () => {
    expect(safeHref('https://grafana.example.com/d/1?x=2')).toBe('https://grafana.example.com/d/1?x=2');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>1</script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });
});
