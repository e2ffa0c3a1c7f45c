import { describe, expect, it } from '@jest/globals';
import type { MeResponse } from '@tocsin/contracts';
import { LACKS_PERMISSIONS_TOOLTIP, type Role } from '@tocsin/domain';
import { actionRefusal, HELP_PANELS, helpPanelFor, helpPanelStorageKey, isHelpPanelShown } from './help-panels';
import { meFixture, type MeFixtureOptions } from '../../lib/me-fixture';

type Me = MeResponse['data'];

function me(role: Role, options: MeFixtureOptions = {}): Me {
  return meFixture(role, options);
}

const panel = (path: string) => {
  const found = helpPanelFor(path);
  if (!found) throw new Error(`no panel for ${path}`);
  return found;
};

describe('help panels', () => {
  it('exist for the pages SPEC.md section 2 names, each with a title, help text, help topic and action', () => {
    expect(HELP_PANELS.map((p) => p.path)).toEqual([
      '/runbooks',
      '/catalog/services',
      '/catalog/functionalities',
      '/catalog/environments',
      '/status_pages',
      '/analytics/mttx_analytics/services',
      '/analytics/incidents_impacts',
    ]);
    for (const p of HELP_PANELS) {
      expect(p.title && p.text && p.helpTopic && p.action.label && p.action.to).toBeTruthy();
    }
    expect(helpPanelFor('/runbooks/')).toBe(panel('/runbooks'));
    expect(helpPanelFor('/runbooks/new')).toBeUndefined();
    expect(helpPanelFor('/incidents')).toBeUndefined();
  });

  it('remember their dismissal under a key from the last path segment', () => {
    expect(helpPanelStorageKey('/runbooks')).toBe('help_panel_dismissed:runbooks');
    expect(helpPanelStorageKey('/catalog/functionalities')).toBe('help_panel_dismissed:functionalities');
    expect(helpPanelStorageKey('/status_pages')).toBe('help_panel_dismissed:status_pages');
    // The spec's rule, with its consequence: the two services pages share one dismissal.
    expect(helpPanelStorageKey('/analytics/mttx_analytics/services')).toBe(helpPanelStorageKey('/catalog/services'));
  });

  it('show only under the onboarding-headers flag and until dismissed', () => {
    expect(isHelpPanelShown(panel('/runbooks'), me('viewer'), false)).toBe(true);
    expect(isHelpPanelShown(panel('/runbooks'), me('owner'), true)).toBe(false);
    expect(isHelpPanelShown(panel('/runbooks'), me('owner', { flags: { 'onboarding-headers': false } }), false)).toBe(
      false,
    );
  });

  it('show the impact statistics panel on the enterprise tier to owners, members and collaborators only', () => {
    const impacts = panel('/analytics/incidents_impacts');
    for (const role of ['owner', 'member', 'collaborator'] as const)
      expect(isHelpPanelShown(impacts, me(role, { tier: 'enterprise' }), false)).toBe(true);
    expect(isHelpPanelShown(impacts, me('viewer', { tier: 'enterprise' }), false)).toBe(false);
    for (const tier of ['free', 'essentials'] as const)
      expect(isHelpPanelShown(impacts, me('owner', { tier }), false)).toBe(false);
  });
});

describe('actionRefusal', () => {
  const adders = [
    '/runbooks',
    '/catalog/services',
    '/catalog/functionalities',
    '/catalog/environments',
    '/status_pages',
  ];

  it('lets owners and members add, and refuses viewers and collaborators with the lacking-permissions tooltip', () => {
    for (const path of adders) {
      const { action } = panel(path);
      expect([actionRefusal(action, me('owner')), actionRefusal(action, me('member'))]).toEqual([undefined, undefined]);
      expect(actionRefusal(action, me('viewer'))).toBe(LACKS_PERMISSIONS_TOOLTIP);
      expect(actionRefusal(action, me('collaborator'))).toBe(LACKS_PERMISSIONS_TOOLTIP);
    }
  });

  it('still asks for the permission when rbacCandidateControl lifts the role check', () => {
    const { action } = panel('/runbooks');
    const flags = { rbacCandidateControl: true };
    expect(
      actionRefusal(action, me('viewer', { flags, permissions: ['read_runbooks', 'manage_runbooks'] })),
    ).toBeUndefined();
    expect(actionRefusal(action, me('member', { flags, permissions: ['read_runbooks'] }))).toBe(
      LACKS_PERMISSIONS_TOOLTIP,
    );
  });

  it('never refuses a button that only leads elsewhere', () => {
    expect(actionRefusal(panel('/analytics/mttx_analytics/services').action, me('viewer'))).toBeUndefined();
  });
});
