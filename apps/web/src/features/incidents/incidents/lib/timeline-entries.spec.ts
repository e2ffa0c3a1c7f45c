import { describe, expect, it } from '@jest/globals';
import type { IncidentTimelineEntry } from '@tocsin/contracts';
import { visibleEntries } from './timeline-entries';

const entry = (position: number, system = false): IncidentTimelineEntry => ({
  position,
  kind: system ? 'entry_starred' : 'note',
  at: '2026-11-27T10:00:00.000Z',
  actor_id: system ? null : 'u1',
  system,
  starred: false,
  data: { body: `n${position}` },
});

describe('visibleEntries', () => {
  it('shows each position once, newest first by default order, and folds system entries with their count', () => {
    const entries = [entry(1), entry(2, true), entry(3), entry(3)];
    expect(visibleEntries(entries, { order: 'desc', showSystem: false })).toEqual({
      entries: [entry(3), entry(1)],
      folded: 1,
    });
    expect(visibleEntries(entries, { order: 'asc', showSystem: true }).entries.map((e) => e.position)).toEqual([
      1, 2, 3,
    ]);
  });
});
