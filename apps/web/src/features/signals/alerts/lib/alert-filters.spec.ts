import { describe, expect, it } from '@jest/globals';
import {
  alertsQuery,
  changeFilter,
  hasAlertFilters,
  NO_ALERT_FILTERS,
  readAlertFilters,
  writeAlertFilters,
} from './alert-filters';

describe('alert list filters in the address', () => {
  it('reads every filter and writes it back the same', () => {
    const params = new URLSearchParams('status=acknowledged&priority=HIGH&source=s1&team=t1&q=disk&page=3');
    const filters = readAlertFilters(params);
    expect(filters).toEqual({
      status: 'acknowledged',
      priority: 'HIGH',
      sourceId: 's1',
      teamId: 't1',
      query: 'disk',
      page: 3,
    });
    expect(writeAlertFilters(filters).toString()).toBe(params.toString());
  });

  it('ignores values it does not know instead of sending them', () => {
    expect(readAlertFilters(new URLSearchParams('status=open&priority=urgent&page=-2&page=x'))).toEqual(
      NO_ALERT_FILTERS,
    );
  });

  it('leaves defaults out of the address and trims the search', () => {
    expect(writeAlertFilters({ ...NO_ALERT_FILTERS, query: '  ' }).toString()).toBe('');
    expect(writeAlertFilters({ ...NO_ALERT_FILTERS, query: ' cpu ' }).toString()).toBe('q=cpu');
  });

  it('starts from the first page when a filter changes', () => {
    const onPage4 = { ...NO_ALERT_FILTERS, page: 4 };
    expect(changeFilter(onPage4, { status: 'triggered' })).toEqual({ ...NO_ALERT_FILTERS, status: 'triggered' });
  });

  it('asks the API only for what is set', () => {
    expect(alertsQuery({ ...NO_ALERT_FILTERS, priority: 'LOW', query: ' x ' })).toEqual({
      status: undefined,
      priority: 'LOW',
      source_id: undefined,
      team_id: undefined,
      query: 'x',
      page: 1,
      per_page: 25,
    });
    expect(hasAlertFilters(NO_ALERT_FILTERS)).toBe(false);
    expect(hasAlertFilters({ ...NO_ALERT_FILTERS, teamId: 't' })).toBe(true);
  });
});
