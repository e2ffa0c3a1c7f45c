import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { permissionsOf, type Permission, type Role } from '@tocsin/domain';
import { LINKED_PAGES } from './linked-pages';
import { canOpen, isEnabled } from './nav-access';
import { meFixture, type MeFixtureOptions } from '../../lib/me-fixture';

type Me = MeResponse['data'];

function me(role: Role, options: MeFixtureOptions = {}): Me {
  return meFixture(role, options);
}

const page = (to: string) => {
  const found = LINKED_PAGES.find((item) => item.to === to);
  if (!found) throw new Error(`no linked page ${to}`);
  return found;
};

/** SPEC.md section 2: "For owner/member or flag rbacCandidateControl: ...". */
const MANAGE_PAGES: Array<[string, Permission]> = [
  ['/settings/teams/new', 'manage_teams'],
  ['/settings/teams/:teamId/edit', 'manage_teams'],
  ['/settings/teams/:teamId/rules/new', 'manage_alert_rules'],
  ['/settings/teams/:teamId/rules/:ruleId/edit', 'manage_alert_rules'],
  ['/settings/teams/:teamId/escalation_policies/new', 'manage_escalation_policies'],
  ['/settings/teams/:teamId/escalation_policies/:policyId/edit', 'manage_escalation_policies'],
  ['/signals/sources/heartbeats/new', 'manage_event_sources'],
  ['/signals/on_call_schedules/new', 'manage_on_call_schedules'],
  ['/signals/on_call_schedules/:scheduleId/edit', 'manage_on_call_schedules'],
  ['/signals/webhook_targets/new', 'manage_webhook_targets'],
  ['/signals/webhook_targets/:targetId/edit', 'manage_webhook_targets'],
];

describe('LINKED_PAGES', () => {
  it.each(MANAGE_PAGES)('%s asks for %s', (to, permission) => {
    expect(page(to).permission).toBe(permission);
  });

  it.each(MANAGE_PAGES)('%s opens for owners and members, not for collaborators or viewers', (to) => {
    expect(canOpen(page(to), me('owner'))).toBe(true);
    expect(canOpen(page(to), me('member'))).toBe(true);
    expect(canOpen(page(to), me('collaborator'))).toBe(false);
    expect(canOpen(page(to), me('viewer'))).toBe(false);
  });

  it.each(MANAGE_PAGES)(
    '%s opens under rbacCandidateControl for any role that holds its permission',
    (to, permission) => {
      const flags = { rbacCandidateControl: true };
      expect(canOpen(page(to), me('viewer', { flags, permissions: [...permissionsOf('viewer'), permission] }))).toBe(
        true,
      );
      expect(
        canOpen(page(to), me('owner', { flags, permissions: permissionsOf('owner').filter((p) => p !== permission) })),
      ).toBe(false);
    },
  );

  it('puts the signals pages (team rules, escalation policies, other team pages, heartbeats) behind the signals flag', () => {
    const signalsOnly = [
      '/settings/teams/:teamId/rules/new',
      '/settings/teams/:teamId/rules/:ruleId/edit',
      '/settings/teams/:teamId/escalation_policies/new',
      '/settings/teams/:teamId/escalation_policies/:policyId/edit',
      '/settings/teams/:teamId/*',
      '/signals/sources/heartbeats/new',
    ];
    for (const to of signalsOnly) {
      expect(isEnabled(page(to), me('owner'))).toBe(true);
      expect(isEnabled(page(to), me('owner', { flags: { signals: false } }))).toBe(false);
    }
    expect(isEnabled(page('/settings/teams/:teamId'), me('owner', { flags: { signals: false } }))).toBe(true);
  });

  it("opens a team's other pages to every role that reads teams", () => {
    for (const role of ['viewer', 'collaborator', 'member', 'owner'] as const)
      expect(canOpen(page('/settings/teams/:teamId/*'), me(role))).toBe(true);
    expect(page('/settings/teams/:teamId/*').permission).toBe('read_teams');
  });

  it('lets the team decide its edit page and its signals resources under rbacCandidateControl (team membership permissions count)', () => {
    expect(page('/settings/teams/:teamId/edit').teamParam).toBe('teamId');
    expect(LINKED_PAGES.filter((item) => item.teamParam).map((item) => item.to)).toEqual([
      '/settings/teams/:teamId/edit',
      '/settings/teams/:teamId/rules/new',
      '/settings/teams/:teamId/rules/:ruleId/edit',
      '/settings/teams/:teamId/escalation_policies/new',
      '/settings/teams/:teamId/escalation_policies/:policyId/edit',
    ]);
  });

  it('lists each path once', () => {
    const paths = LINKED_PAGES.map((item) => item.to);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
