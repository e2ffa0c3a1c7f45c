import { describe, expect, it } from '@jest/globals';
import { LEGACY_REDIRECTS, legacyRedirect } from './legacy-redirects';

// [old address with query, expected new address]: at least one row per table entry (checked below).
const CASES: Array<[string, string]> = [
  ['/organizations/members?x=1', '/settings/users?x=1'],
  ['/organizations/settings', '/settings/organization'],
  ['/organizations/sso/settings/edit', '/settings/sso/edit'],
  ['/organizations/integrations', '/settings/integrations'],
  [
    '/organizations/integrations/jira_cloud/connections/7/edit?tab=2',
    '/settings/integrations/jira_cloud/connections/7/edit?tab=2',
  ],
  ['/organizations/bots', '/settings/api_keys'],
  ['/organizations/secrets', '/settings/secrets'],
  ['/organizations/severities', '/settings/severities_index'],
  ['/organizations/priorities', '/settings/priorities'],
  ['/organizations/retrospectives', '/settings/retrospectives/templates'],
  ['/organizations/retrospectives/templates/3/edit', '/settings/retrospectives/templates/3/edit'],
  ['/organizations/nunc', '/status_pages'],
  ['/organizations/nunc/12/edit', '/status_pages/12/edit'],
  ['/organizations/webhooks', '/settings/integrations/webhooks'],
  ['/organizations/invitations/new', '/settings/invitations/new'],
  ['/incident_types_and_settings', '/settings/incident_types_and_settings'],
  ['/incident_types', '/settings/incident_types_and_settings'],
  ['/teams', '/settings/teams'],
  ['/teams/42/overview?tab=members', '/settings/teams/42/overview?tab=members'],
  ['/incident_roles', '/settings/roles'],
  ['/status_update_templates', '/settings/status_update_templates'],
  ['/task_lists/9', '/settings/task_lists/9'],
  ['/ticketing_settings', '/settings/tickets'],
  ['/scheduled_maintenances', '/incidents/maintenances'],
  ['/scheduled_maintenances/5/edit', '/incidents/maintenances/5/edit'],
  ['/services/abc', '/catalog/services/abc'],
  ['/services/new', '/catalog/services/new'],
  ['/functionalities', '/catalog/functionalities'],
  ['/environments/new', '/catalog/environments/new'],
  ['/checklists', '/catalog/checklists'],
  ['/change_events?page=2', '/catalog/change_events?page=2'],
  ['/analytics/basic', '/analytics/mttx_analytics/services'],
  ['/analytics/mttx_analytics', '/analytics/mttx_analytics/services'],
  ['/analytics/incidents_and_impact', '/analytics/incidents_impacts'],
  ['/analytics/resources_and_tasks', '/analytics/resources_tasks'],
  ['/v2/incidents/42/timeline?tab=2', '/incidents/42/timeline?tab=2'],
  ['/v1/incidents/42', '/incidents/42'],
  ['/v2/incidents/42/retrospective', '/incidents/42/retrospective'],
  ['/v1/incidents/42/history/', '/incidents/42/history'],
  ['/account_notifications/edit', '/account/organization_settings'],
];

const split = (address: string): [string, string] => {
  const at = address.indexOf('?');
  return at < 0 ? [address, ''] : [address.slice(0, at), address.slice(at)];
};

describe('legacyRedirect', () => {
  it.each(CASES)('%s -> %s', (from, to) => {
    expect(legacyRedirect(...split(from))).toBe(to);
  });

  it('has a case for every entry of the table', () => {
    const covered = (entry: (typeof LEGACY_REDIRECTS)[number]) =>
      CASES.some(([from, to]) => {
        const [path] = split(from);
        const tail = entry.match === 'exact' ? '' : path.slice(entry.from.length);
        return (
          (path === entry.from || (entry.match === 'prefix' && path.startsWith(`${entry.from}/`))) &&
          to.startsWith(entry.to + tail)
        );
      });
    expect(LEGACY_REDIRECTS.filter((entry) => !covered(entry))).toEqual([]);
  });

  it('ignores a trailing slash', () => {
    expect(legacyRedirect('/organizations/members/', '')).toBe('/settings/users');
  });

  it.each([
    '/settings/users',
    '/catalog/services/abc',
    '/analytics/mttx_analytics/services',
    '/analytics/incidents_impacts',
    '/incidents/maintenances/5/edit',
    '/servicesx',
    '/organizations/unknown',
    '/account_notifications/edit/more',
    '/',
  ])('leaves %s alone', (path) => {
    expect(legacyRedirect(path, '?x=1')).toBeNull();
  });

  it('never redirects to another legacy address', () => {
    for (const [from] of CASES) {
      const target = legacyRedirect(...split(from));
      expect(target && legacyRedirect(...split(target))).toBeNull();
    }
  });
});
