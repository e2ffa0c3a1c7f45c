import { describe, expect, it } from '@jest/globals';
import { isIncidentDetailPath } from './incident-detail';

describe('isIncidentDetailPath', () => {
  it.each(['/incidents/abc', '/incidents/abc/', '/incidents/42/timeline', '/incidents/42/retrospective/edit'])(
    '%s is an incident detail page',
    (path) => {
      expect(isIncidentDetailPath(path)).toBe(true);
    },
  );

  it.each([
    '/incidents',
    '/incidents/',
    '/incidents/tasks',
    '/incidents/follow_ups',
    '/incidents/maintenances',
    '/incidents/maintenances/new',
    '/incidents/maintenances/5/edit',
    '/signals/alerts',
    '/v2/incidents/abc',
    '/settings/incidents/abc',
  ])('%s is not', (path) => {
    expect(isIncidentDetailPath(path)).toBe(false);
  });
});
